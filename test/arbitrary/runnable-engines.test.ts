import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LuauBatchRunner,
  LuauWebPool,
  type LuauBatchOutcome,
  type LuauBatchProgram,
} from '../../src/runtime/index.js';
import { describeFailures, freshSeed, samplePrograms } from '../helpers/batch-programs.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';

const count = 1000;
// Generation of 1,000 programs and the luau-web runs take most of it on a busy machine.
const timeout = 300_000;

function brief(o: LuauBatchOutcome): string {
  return `${o.status} ${JSON.stringify(o.stdout.slice(0, 300))}${o.error === '' ? '' : ` ${o.error.slice(0, 300)}`}`;
}

/** Where two outputs first differ, with a little of each from there. */
function difference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 40);
  return `first difference at byte ${i}: ${JSON.stringify(a.slice(from, i + 80))} / ${JSON.stringify(b.slice(from, i + 80))}`;
}

describe.skipIf(!haveLuauTools)('luauArbitraries', () => {
  it(
    'gives runnable programs (profile luau) that run clean alike at -O0, -O2 and --codegen',
    async () => {
      const seed = freshSeed();
      const programs = samplePrograms({ level: 'runnable', profile: 'luau' }, seed, count);
      const batch = new LuauBatchRunner(programs);
      try {
        const { luau } = tools();
        const o0 = await batch.run({ luau, args: ['-O0'] });
        const o2 = await batch.run({ luau, args: ['-O2'] });
        const cg = await batch.run({ luau, args: ['-O2', '--codegen'] });
        const failures: { index: number; why: string; program: LuauBatchProgram }[] = [];
        programs.forEach((program, index) => {
          const runs = [o0[index]!, o2[index]!, cg[index]!];
          const clean = runs.every((o) => o.status === 'ok');
          const same = runs.every((o) => o.stdout === runs[0]!.stdout);
          if (!clean || !same)
            failures.push({
              index,
              why:
                `-O0: ${brief(runs[0]!)}\n-O2: ${brief(runs[1]!)}\n--codegen: ${brief(runs[2]!)}\n` +
                `-O0/-O2 ${difference(runs[0]!.stdout, runs[1]!.stdout)}\n` +
                `-O2/--codegen ${difference(runs[1]!.stdout, runs[2]!.stdout)}`,
              program,
            });
        });
        expect(failures.length, describeFailures(seed, failures, count)).toBeLessThanOrEqual(
          count * 0.005,
        );
      } finally {
        batch.close();
      }
    },
    timeout,
  );

  it(
    'gives runnable programs (profile luau-web) that print the same in luau-web and in Luau',
    async () => {
      const seed = freshSeed();
      const programs = samplePrograms({ level: 'runnable', profile: 'luau-web' }, seed, count);
      const batch = new LuauBatchRunner(programs);
      const pool = new LuauWebPool({ workers: 2, timeoutMs: 30_000 });
      try {
        const [cli, web] = await Promise.all([
          batch.run({ luau: tools().luau, args: ['-O2'] }),
          Promise.all(programs.map((p, i) => pool.run({ id: String(i), ...p }))),
        ]);
        const failures: { index: number; why: string; program: LuauBatchProgram }[] = [];
        programs.forEach((program, index) => {
          const c = cli[index]!;
          const w = web[index]!;
          // luau-web hands output to JavaScript as text: compare the CLI's bytes read as UTF-8.
          const text = Buffer.from(c.stdout, 'latin1').toString('utf8');
          const hash = createHash('sha256').update(text).digest('hex');
          if (c.status !== 'ok' || w.status !== 'ok' || hash !== w.outputHash)
            failures.push({
              index,
              why:
                `luau -O2: ${brief(c)}\nluau-web: ${w.status} ${w.error ?? ''}\n` +
                // luau-web keeps only the start of the output.
                difference(text, w.output),
              program,
            });
        });
        expect(failures.length, describeFailures(seed, failures, count)).toBeLessThanOrEqual(
          count * 0.005,
        );
      } finally {
        batch.close();
        await pool.close();
      }
    },
    timeout,
  );
});
