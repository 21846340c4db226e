import { describe, expect, it } from 'vitest';
import { LuauBatchRunner, type LuauBatchOutcome } from '../../../../src/runtime/index.js';
import { samplePrograms } from '../../../helpers/batch-programs.js';
import { haveLuauTools, luauToolsDir, tools } from '../../../helpers/luau-tools.js';
import { needsShared } from '../../../helpers/shared.js';

/** Address space of one `luau` process (a batch of programs): 256 MiB. */
const MEMORY_CAP = 256 * 1024 * 1024;
/** Wall-clock limit of one program (ms), far above what one takes (milliseconds). */
const TIME_CAP_MS = 5000;
/** Output one program may print. */
const OUTPUT_CAP = 4 * 1024 * 1024;
/** Seeds, each with this many programs: 20,000, what 2 idle cores generate and run in under a minute. */
const SEEDS = 20;
const PER_SEED = 1000;

const inCi =
  process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';

/** Why an outcome is over a cap, or undefined. */
function overCap(o: LuauBatchOutcome): string | undefined {
  if (o.status === 'timeout') return `ran past ${TIME_CAP_MS} ms`;
  if (o.status === 'output-limit') return `printed more than ${OUTPUT_CAP} bytes`;
  if (o.status === 'crash') return `crashed: ${o.error}`;
  if (/not enough memory/.test(o.error)) return `past ${MEMORY_CAP} bytes: ${o.error}`;
  return undefined;
}

describe('cutString', () => {
  // Skipped without the Luau tools, except under CI, where their absence fails the test.
  it.skipIf(!haveLuauTools && !inCi)(
    'bounds what runnable programs build: none of many seeds runs past a memory or time cap',
    { ...needsShared, timeout: 600_000 },
    async () => {
      expect(haveLuauTools, `the Luau tools are missing: ${luauToolsDir}`).toBe(true);
      // Fixed seeds, so a failure is the same on every run; `LUAU_FUZZ_SEED` starts elsewhere.
      const base = Number(process.env['LUAU_FUZZ_SEED'] ?? 101);
      const seeds = Array.from({ length: SEEDS }, (_, k) => base + k);
      const programs = seeds.flatMap((seed, k) =>
        samplePrograms(
          { level: 'runnable', profile: k % 2 === 0 ? 'luau' : 'luau-web' },
          seed,
          PER_SEED,
        ).map((p, index) => ({ ...p, seed, index })),
      );
      const batch = new LuauBatchRunner(programs);
      try {
        // prlimit caps the address space of each luau process, two at a time.
        const runs = await batch.run(
          { luau: 'prlimit', args: [`--as=${MEMORY_CAP}`, tools().luau, '-O2'] },
          { batchSize: 50, concurrency: 2, timeoutMs: TIME_CAP_MS, maxOutputBytes: OUTPUT_CAP },
        );
        expect(runs).toHaveLength(programs.length);
        const over = runs.flatMap((o, i) => {
          const why = overCap(o);
          const p = programs[i]!;
          return why === undefined ? [] : [`seed ${p.seed} index ${p.index}: ${why}`];
        });
        expect(
          over,
          `over a cap (replay with LUAU_FUZZ_SEED=${base}; the profile is luau for even offsets from it, luau-web for odd)`,
        ).toEqual([]);
        // The caps are live: a program that builds past them is caught.
        const doubling = new LuauBatchRunner([
          { program: 'local s = "ab" for i = 1, 40 do s = s .. s end print(#s)' },
        ]);
        try {
          const [big] = await doubling.run({
            luau: 'prlimit',
            args: [`--as=${MEMORY_CAP}`, tools().luau, '-O2'],
          });
          expect(overCap(big!)).toMatch(/^past 268435456 bytes: not enough memory/);
        } finally {
          doubling.close();
        }
      } finally {
        batch.close();
      }
    },
  );
});
