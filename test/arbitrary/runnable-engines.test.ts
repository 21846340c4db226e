import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  LuauBatchRunner,
  LuauWebPool,
  type LuauBatchOutcome,
  type LuauBatchProgram,
} from '../../src/runtime/index.js';
import { describeFailures, samplePrograms } from '../helpers/batch-programs.js';
import {
  candidateDivergences,
  CRASHED,
  engineModes,
  REFUSED,
  knownDivergences,
  modeSplit,
  releaseLuau,
  runAlike,
  runNeutralised,
  type EngineMode,
  type KnownDivergence,
  type LuauRelease,
  type ModeOutcomes,
} from '../helpers/known-divergences.js';
import { haveLuau735, haveLuauTools, tools } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

const count = 1000;
/** Fixed seeds, so that a failure is the same on every run; `LUAU_FUZZ_SEED` runs another. */
const seeds = process.env['LUAU_FUZZ_SEED'] ? [Number(process.env['LUAU_FUZZ_SEED'])] : [1, 2, 3];
const releases: readonly LuauRelease[] = ['0.715', '0.735'];
// Generation of 1,000 programs and six runs of each take most of it on a busy machine.
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

/** What each mode of a release printed, and where the modes differ. */
function describeModes(release: LuauRelease, o: ModeOutcomes): string {
  return [
    ...engineModes.map((m) => `${release} ${m}: ${brief(o[m])}`),
    `${release} -O0/-O2 ${difference(o['-O0'].stdout, o['-O2'].stdout)}`,
    `${release} -O2/--codegen ${difference(o['-O2'].stdout, o['-O2 --codegen'].stdout)}`,
  ].join('\n');
}

type Failure = { index: number; why: string; program: LuauBatchProgram };

/**
 * Runs the programs whose difference a known divergence with a neutraliser may explain,
 * neutralised, in the modes of that release: the modes agree when it was that divergence.
 */
async function confirmNeutralised(
  release: LuauRelease,
  divergence: KnownDivergence,
  cases: readonly { index: number; program: LuauBatchProgram }[],
): Promise<{ index: number; confirmed: boolean; why: string }[]> {
  const runs = await runNeutralised(
    release,
    divergence,
    cases.map((c) => c.program),
  );
  return cases.map(({ index }, k) => ({
    index,
    confirmed: runAlike(runs[k]!),
    why: `neutralised for ${divergence.name}, still:\n${describeModes(release, runs[k]!)}`,
  }));
}

describe.skipIf(!haveLuauTools || !haveLuau735)('luauArbitraries', needsShared, () => {
  it.each(seeds)(
    'gives 1,000 runnable programs (profile luau, seed %i) that run clean alike at -O0, -O2 and --codegen of Luau 0.715 and 0.735, and alike in both, but for known divergences of Luau',
    async (seed) => {
      const programs = samplePrograms({ level: 'runnable', profile: 'luau' }, seed, count);
      const batch = new LuauBatchRunner(programs);
      const outcomes = new Map<LuauRelease, Record<EngineMode, LuauBatchOutcome[]>>();
      try {
        for (const release of releases) {
          const byMode = {} as Record<EngineMode, LuauBatchOutcome[]>;
          for (const m of engineModes)
            byMode[m] = await batch.run({ luau: releaseLuau(release), args: m.split(' ') });
          outcomes.set(release, byMode);
        }
      } finally {
        batch.close();
      }
      const failures: Failure[] = [];
      const matched = new Map<string, string[]>(knownDivergences.map((d) => [d.name, []]));
      const toConfirm = new Map<
        string,
        {
          release: LuauRelease;
          divergence: KnownDivergence;
          cases: { index: number; program: LuauBatchProgram }[];
        }
      >();
      programs.forEach((program, index) => {
        const of = (release: LuauRelease): ModeOutcomes => {
          const byMode = outcomes.get(release)!;
          return Object.fromEntries(engineModes.map((m) => [m, byMode[m][index]!])) as ModeOutcomes;
        };
        for (const release of releases) {
          const o = of(release);
          if (engineModes.every((m) => o[m].status === 'ok') && modeSplit(o).length === 1) continue;
          // A known divergence is excluded by its matcher only, and counted; one with a
          // neutraliser only once the program runs alike with it (and with those of the
          // other candidates, which the same program may show too).
          const candidates = candidateDivergences(release, program, o);
          const [known] = candidates;
          if (known === undefined) {
            failures.push({ index, why: describeModes(release, o), program });
          } else if (known.neutralise !== undefined) {
            const key = `${release} ${candidates.map((d) => d.name).join(' ')}`;
            const divergence: KnownDivergence = {
              ...known,
              neutralise: (source) =>
                candidates.reduce(
                  (s, d) => (d.neutralise === undefined ? s : d.neutralise(s)),
                  source,
                ),
            };
            const entry = toConfirm.get(key) ?? { release, divergence, cases: [] };
            entry.cases.push({ index, program });
            toConfirm.set(key, entry);
          } else {
            matched.get(known.name)!.push(`${release} #${index}`);
          }
        }
        // Across releases: the optimised interpreters of both print the same, unless a known
        // divergence of one release alone explains the program's split there (confirmed below).
        const [a, b] = [of('0.715')['-O2'], of('0.735')['-O2']];
        const oneRelease = releases.some((r) =>
          candidateDivergences(r, program, of(r)).some((d) => d.releases.length === 1),
        );
        if ((a.status !== b.status || a.stdout !== b.stdout) && !oneRelease)
          failures.push({
            index,
            why: `0.715 -O2: ${brief(a)}\n0.735 -O2: ${brief(b)}\n${difference(a.stdout, b.stdout)}`,
            program,
          });
      });
      for (const { release, divergence, cases } of toConfirm.values())
        for (const r of await confirmNeutralised(release, divergence, cases)) {
          if (r.confirmed) matched.get(divergence.name)!.push(`${release} #${r.index}`);
          else failures.push({ index: r.index, why: r.why, program: programs[r.index]! });
        }
      console.log(
        `seed ${seed}: known divergences of Luau matched: ` +
          [...matched].map(([name, at]) => `${name} ${at.length} [${at.join(', ')}]`).join('; '),
      );
      expect(failures.length, describeFailures(seed, failures, count)).toBe(0);
    },
    timeout,
  );

  it.each(seeds.slice(0, 2))(
    'gives 1,000 runnable programs (profile luau-web, seed %i) that print the same in luau-web and in Luau',
    async (seed) => {
      const programs = samplePrograms({ level: 'runnable', profile: 'luau-web' }, seed, count);
      const batch = new LuauBatchRunner(programs);
      const pool = new LuauWebPool({ workers: 2, timeoutMs: 30_000 });
      try {
        const [cli, web] = await Promise.all([
          // luau-web gives a for loop from -0 its -0, as -O0 does (for-minus-zero): the
          // interpreter at -O0 is its counterpart, and -O0 against -O2 is the test above.
          batch.run({ luau: tools().luau, args: ['-O0'] }),
          Promise.all(programs.map((p, i) => pool.run({ id: String(i), ...p }))),
        ]);
        const failures: Failure[] = [];
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
                `luau -O0: ${brief(c)}\nluau-web: ${w.status} ${w.error ?? ''}\n` +
                // luau-web keeps only the start of the output.
                difference(text, w.output),
              program,
            });
        });
        expect(failures.length, describeFailures(seed, failures, count)).toBe(0);
      } finally {
        batch.close();
        await pool.close();
      }
    },
    timeout,
  );
});

describe.skipIf(!haveLuauTools || !haveLuau735)('knownDivergences', needsShared, () => {
  it.each(knownDivergences.map((d) => [d.name, d] as const))(
    '%s: its repro prints what is listed in every mode of 0.715 and 0.735, differing on the releases listed',
    async (_name, d) => {
      const batch = new LuauBatchRunner([{ program: d.repro }]);
      try {
        for (const release of releases) {
          const printed = {} as Record<EngineMode, string>;
          for (const m of engineModes) {
            const args = [...(d.flags ?? []), ...m.split(' ')];
            const expected = d.prints[release][m];
            const status = expected === CRASHED ? 'crash' : expected === REFUSED ? 'error' : 'ok';
            // A release that does not know the repro's flags refuses it before any program.
            const o = await batch.run({ luau: releaseLuau(release), args }).then(
              ([outcome]) => outcome!,
              (e: Error) => {
                if (!/does not take its options: Warning: unrecognized flag/.test(e.message))
                  throw e;
                return { status: 'error', stdout: '', error: e.message };
              },
            );
            expect(o.status, `${release} ${m}: ${o.error}`).toBe(status);
            printed[m] = status === 'ok' ? o.stdout : expected;
          }
          expect(printed, release).toEqual(d.prints[release]);
          const outcomes = Object.fromEntries(
            engineModes.map((m) => [
              m,
              printed[m] === CRASHED
                ? { status: 'crash', stdout: '', error: 'killed by a signal' }
                : printed[m] === REFUSED
                  ? { status: 'error', stdout: '', error: REFUSED }
                  : { status: 'ok', stdout: printed[m], error: '' },
            ]),
          ) as ModeOutcomes;
          // It occurs exactly on the releases listed, split as listed, and its matcher knows it.
          expect(modeSplit(outcomes).length > 1, release).toBe(d.releases.includes(release));
          if (d.releases.includes(release)) {
            expect(modeSplit(outcomes)).toEqual(d.split);
            expect(
              candidateDivergences(release, { program: d.repro }, outcomes).map((c) => c.name),
            ).toEqual([d.name]);
          }
        }
      } finally {
        batch.close();
      }
    },
  );

  it('confirms for-minus-zero only when the program with its loop starts plus 0 runs alike: another -0 printed as 0 is not excused', async () => {
    const forZero = knownDivergences.find((d) => d.name === 'for-minus-zero')!;
    const round = knownDivergences.find((d) => d.name === 'math-round-minus-zero')!;
    const [confirmed] = await confirmNeutralised('0.715', forZero, [
      { index: 0, program: { program: forZero.repro } },
    ]);
    expect(confirmed!.confirmed).toBe(true);
    // The -0 of math.round on 0.715 splits the modes as a loop from -0 does, in a program
    // with a numeric for loop: the matcher's filter takes it, the rerun does not.
    const program = { program: `for i = 1, 1 do end\n${round.repro}` };
    const batch = new LuauBatchRunner([program]);
    try {
      const runs = await Promise.all(
        engineModes.map((m) => batch.run({ luau: releaseLuau('0.715'), args: m.split(' ') })),
      );
      const o = Object.fromEntries(engineModes.map((m, j) => [m, runs[j]![0]!])) as ModeOutcomes;
      expect(forZero.matches(program, o)).toBe(true);
    } finally {
      batch.close();
    }
    const [other] = await confirmNeutralised('0.715', forZero, [{ index: 0, program }]);
    expect(other!.confirmed).toBe(false);
  });

  it('confirms integer-idiv-sign only when the neutralised program runs alike, and matches nothing else', async () => {
    const idiv = knownDivergences.find((d) => d.name === 'integer-idiv-sign')!;
    const [confirmed] = await confirmNeutralised('0.735', idiv, [
      { index: 0, program: { program: idiv.repro } },
    ]);
    expect(confirmed!.confirmed).toBe(true);
    // A program that differs for another reason too is not explained by neutralising idiv.
    const both = `${idiv.repro}for i = -0, 0 do print(i) end\n`;
    const [other] = await confirmNeutralised('0.735', idiv, [
      { index: 0, program: { program: both } },
    ]);
    expect(other!.confirmed).toBe(false);
    const ok = (stdout: string): LuauBatchOutcome => ({ status: 'ok', stdout, error: '' });
    const plain = { program: 'print(1)' };
    expect(
      candidateDivergences('0.735', plain, {
        '-O0': ok('1\n'),
        '-O2': ok('2\n'),
        '-O2 --codegen': ok('2\n'),
      }),
    ).toEqual([]);
  });
});
