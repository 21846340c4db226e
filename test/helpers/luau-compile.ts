import { LuauState } from 'luau-web';

let state: Promise<LuauState> | undefined;

/**
 * Compiles Luau source with the real compiler of the bundled luau-web VM, without running it.
 * Resolves to `undefined` when it compiles, else to the compiler's message. One VM state per
 * test worker, reused (luau-web cannot recreate states reliably). Only for source that stays
 * under Luau's nesting limit: deeper input aborts the VM.
 *
 * @example
 * ```ts
 * expect(await compileLuau('local x = 1')).toBeUndefined();
 * ```
 */
export async function compileLuau(source: string): Promise<string | undefined> {
  state ??= LuauState.createAsync({});
  const result = (await state).loadstring(source, 'program', false);
  return typeof result === 'string' ? result : undefined;
}
