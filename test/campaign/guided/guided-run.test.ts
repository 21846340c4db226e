// @module-tag shared: every test here runs the coverage build in ../shared
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Corpus, runGuided, type GuidedOptions } from '../../../src/campaign/guided/index.js';
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
    const resumed = await runGuided(options('resumed', 60));
    // The second call goes on from the folder: the entries of the first stay as they were, the
    // clock and the fresh runs continue.
    expect(summary(resumed.corpus).slice(0, half.corpus.entries.length)).toEqual(
      summary(half.corpus),
    );
    expect(resumed.timeline.map((t) => t.programs)).toEqual([40, 50, 60]);
    // The same programs as one run, up to the engine's own nondeterminism: a program may reach
    // a counter or two more or less from one process to the next (timing-dependent code).
    expect(Math.abs(resumed.progress.counters - progress.counters)).toBeLessThan(
      progress.counters / 100,
    );
    expect(summary(Corpus.load(join(root, 'resumed')))).toEqual(summary(resumed.corpus));
    expect(readdirSync(join(root, 'resumed'))).toContain('map.json');
  }, 120_000);

  it('starts from the entries of another corpus', async () => {
    const seeded = await runGuided({ ...options('seeded', 0), corpora: [join(root, 'whole')] });
    const source = Corpus.load(join(root, 'whole'));
    expect(Math.abs(seeded.progress.counters - source.map!.reachedCount)).toBeLessThan(
      source.map!.reachedCount / 100,
    );
    expect(seeded.corpus.entries.length).toBeLessThanOrEqual(source.entries.length);
    expect(seeded.corpus.entries.length).toBeGreaterThan(0);
  }, 120_000);
});
