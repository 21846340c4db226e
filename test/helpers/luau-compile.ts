import { afterAll } from 'vitest';
import { LuauWebPool } from '../../src/runtime/index.js';

let pool: LuauWebPool | undefined;

afterAll(async () => {
  await pool?.close();
  pool = undefined;
});

/**
 * Compiles Luau source with the real compiler of the bundled luau-web VM, without running it,
 * in the runtime's worker pool (so a source that aborts the VM is an answer, not the end of
 * the test process). Resolves to `undefined` when it compiles, else to the compiler's message.
 *
 * @example
 * ```ts
 * expect(await compileLuau('local x = 1')).toBeUndefined();
 * ```
 */
export async function compileLuau(source: string): Promise<string | undefined> {
  pool ??= new LuauWebPool({ workers: 1, timeoutMs: 30_000 });
  const outcome = await pool.run({ id: 'compile', program: source }, { compileOnly: true });
  return outcome.status === 'ok' ? undefined : (outcome.error ?? outcome.status);
}
