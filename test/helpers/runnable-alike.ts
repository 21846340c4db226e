import { LuauBatchRunner, type LuauBatchProgram } from '../../src/runtime/index.js';
import { tools } from './luau-tools.js';

/**
 * Runs programs on the real Luau at `-O0`, `-O2` and `-O2 --codegen` and gives those that do
 * not run clean with one output everywhere, each with the three outcomes in brief.
 *
 * @example
 * ```ts
 * expect(await notAlike(programs)).toEqual([]);
 * ```
 */
export async function notAlike(programs: readonly LuauBatchProgram[]): Promise<string[]> {
  const batch = new LuauBatchRunner(programs);
  try {
    const { luau } = tools();
    const runs = [
      await batch.run({ luau, args: ['-O0'] }),
      await batch.run({ luau, args: ['-O2'] }),
      await batch.run({ luau, args: ['-O2', '--codegen'] }),
    ];
    return programs.flatMap((p, i) => {
      const os = runs.map((r) => r[i]!);
      if (os.every((o) => o.status === 'ok' && o.stdout === os[0]!.stdout)) return [];
      const brief = os.map((o) => `${o.status} ${o.error.slice(0, 120)} ${o.stdout.length}`);
      return [`${brief.join(' | ')}\n${p.program.slice(0, 1500)}`];
    });
  } finally {
    batch.close();
  }
}
