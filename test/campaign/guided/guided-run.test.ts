// @module-tag shared: every test here runs the coverage build in ../shared
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Corpus,
  GuidedSteps,
  readGuidedState,
  runGuided,
  type GuidedOptions,
  type StepState,
} from '../../../src/campaign/guided/index.js';
import { mutationShareOf } from '../../../src/campaign/guided/mutation-share.js';
import { programRecords } from '../../../src/arbitrary/index.js';
import { CoverageRunner } from '../../../src/coverage/index.js';
import { coverageBuildDir, haveCoverageBuild } from '../../helpers/coverage-build.js';

const root = mkdtempSync(join(tmpdir(), 'guided-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function options(dir: string, programs: number): GuidedOptions {
  return {
    generator: { level: 'runnable', profile: 'luau' },
    seed: 5,
    coverage: { luau: join(coverageBuildDir, 'luau'), args: ['-O2'] },
    dir: join(root, dir),
    programs,
    stepSize: 10,
  };
}

function summary(corpus: Corpus): string[] {
  return corpus.entries.map(
    (e) =>
      `${e.id} ${JSON.stringify(e.origin)} ${e.firstCounters} ${e.keptAt} ${JSON.stringify(e.record, (_, v: unknown) => (v instanceof Int32Array ? Array.from(v) : v))}`,
  );
}

describe.skipIf(!haveCoverageBuild)('runGuided on luau 0.715 built for coverage', () => {
  it('keeps exactly the programs that reached new counters, mutates them, and resumes where it stopped', async () => {
    const whole = await runGuided(options('whole', 60));
    const { corpus, progress } = whole;
    expect(progress.programs).toBe(60);
    expect(progress.mutants).toBeGreaterThan(0);
    expect(corpus.entries.length).toBeGreaterThan(1);
    expect(corpus.entries.every((e) => e.firstCounters > 0)).toBe(true);
    // Every counter reached belongs to the one entry that reached it first.
    expect(corpus.entries.reduce((n, e) => n + e.firstCounters, 0)).toBe(progress.counters);
    expect(whole.timeline.map((t) => t.programs)).toEqual([10, 20, 30, 40, 50, 60]);

    const half = await runGuided(options('resumed', 30));
    // Stopped after a step with mutation state: what the next step draws from is on disk.
    const stopped = JSON.parse(
      readFileSync(join(root, 'resumed', 'state.json'), 'utf8'),
    ) as StepState;
    expect(half.progress.mutants).toBeGreaterThan(0);
    expect(stopped.yields).toBeDefined();
    expect(stopped.operators).toBeDefined();
    expect(stopped.origins).toBeDefined();
    const resumed = await runGuided(options('resumed', 60));
    // The second call goes on from the folder: the entries of the first stay as they were, the
    // clock and the fresh runs continue.
    expect(summary(resumed.corpus).slice(0, half.corpus.entries.length)).toEqual(
      summary(half.corpus),
    );
    expect(resumed.timeline.map((t) => t.programs)).toEqual([40, 50, 60]);
    // The same programs as one run, entry for entry (origin, record, program kept), so a resume
    // that forgets what the steps learnt shows. What each entry reached first may move by a
    // counter or two between entries: a program's path through the engine depends on
    // addresses (tables keyed by pointers hash by address), and a counter one entry missed
    // in one process, a later one reaches first (seen: 2 counters of 1,900 between entries 9
    // and 20, the total the same).
    const kept = (c: Corpus) => summary(c).map((line) => line.replace(/^(\S+ \S+) \d+ /, '$1 '));
    expect(kept(resumed.corpus)).toEqual(kept(corpus));
    const keptMutants = (c: Corpus) => c.entries.filter((e) => e.origin.kind === 'mutant').length;
    expect(resumed.progress.mutants).toBe(progress.mutants);
    expect(keptMutants(resumed.corpus)).toBe(keptMutants(corpus));
    expect(Math.abs(resumed.progress.counters - progress.counters)).toBeLessThanOrEqual(
      progress.counters / 200,
    );
    // What the steps learnt is the same; the course's clock is the run's own, and what the
    // yields count of counters moves with them (within 1 %, as the counters above).
    const learnt = (dir: string) => {
      const { timeline, ...state } = readGuidedState(join(root, dir));
      return {
        ...state,
        course: timeline.map(({ programs, mutants, corpus }) => [programs, mutants, corpus]),
      };
    };
    const near = (a: unknown, b: unknown, path: string): void => {
      if (typeof a === 'number' && typeof b === 'number') {
        expect(Math.abs(a - b), path).toBeLessThanOrEqual(Math.abs(b) / 100);
      } else if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
        expect(Object.keys(a).sort(), path).toEqual(Object.keys(b).sort());
        for (const k of Object.keys(b))
          near(
            (a as Record<string, unknown>)[k],
            (b as Record<string, unknown>)[k],
            `${path}.${k}`,
          );
      } else expect(a, path).toEqual(b);
    };
    near(learnt('resumed'), learnt('whole'), 'state');
    expect(summary(Corpus.load(join(root, 'resumed')))).toEqual(summary(resumed.corpus));
    expect(readdirSync(join(root, 'resumed'))).toContain('map.json');
  }, 120_000);

  it('starts from the entries of another corpus', async () => {
    const seeded = await runGuided({ ...options('seeded', 0), corpora: [join(root, 'whole')] });
    const source = Corpus.load(join(root, 'whole'));
    // Every entry of the source runs again and reaches what it reached there.
    expect(seeded.progress.counters).toBe(source.map!.reachedCount);
    expect(seeded.corpus.entries.length).toBeLessThanOrEqual(source.entries.length);
    expect(seeded.corpus.entries.length).toBeGreaterThan(0);
  }, 120_000);

  it('hands each step the yields the step before learnt: auto leaves the warm-up probe once mutants pay', async () => {
    // Through GuidedSteps, as a campaign runs them: each step's mutants are the share its
    // state's yields give, and those yields are the last step's.
    const corpus = Corpus.load(join(root, 'steps'));
    corpus.claim({ level: 'runnable', profile: 'luau' });
    const runner = new CoverageRunner({
      luau: join(coverageBuildDir, 'luau'),
      args: ['-O2'],
      map: corpus.map,
    });
    const steps = new GuidedSteps({
      records: programRecords({ level: 'runnable', profile: 'luau' }),
      corpus,
      runner,
      seed: 2,
      mutationShare: 'auto',
    });
    const size = 20;
    let state: StepState = { step: 0, nextRun: 0 };
    const mutants: number[] = [];
    try {
      for (let k = 0; k < 8; k++) {
        const expected =
          corpus.entries.length === 0
            ? 0
            : Math.round(size * mutationShareOf('auto', state.yields));
        const step = await steps.step(
          state,
          Array.from({ length: size }, (_, i) => k * size + i),
        );
        expect(step.mutants, `step ${k}`).toBe(expected);
        mutants.push(step.mutants);
        state = step.state;
      }
    } finally {
      runner.close();
    }
    // The probe is one mutant in twenty; once mutants have paid, a step draws more.
    expect(Math.max(...mutants)).toBeGreaterThan(Math.round(size * 0.06));
  }, 180_000);
});
