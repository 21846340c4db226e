import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitraryOptionsOf, programRecords } from '../../src/arbitrary/index.js';
import {
  resolveCampaignOptions,
  runCampaign,
  sourcesOf,
  type ResolvedCampaignOptions,
} from '../../src/campaign/index.js';
import { Corpus, recordFromJson } from '../../src/campaign/guided/index.js';
import { CoverageRunner } from '../../src/coverage/index.js';
import { type LuauBatchProgram } from '../../src/runtime/index.js';
import {
  coverageBuild,
  findLlvmTools,
  measureEngineCoverage,
  type EngineCoverage,
} from '../../src/coverage/index.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';
import { coverageBuildDir, haveCoverageBuild } from '../helpers/coverage-build.js';
import { haveLuauTools, luauToolsDir } from '../helpers/luau-tools.js';
import { required } from '../helpers/required.js';
import { needsShared } from '../helpers/shared.js';

const luau = join(luauToolsDir, 'luau');
const faulty = join(luauToolsDir, 'mutants', 'fmod-fast-sign', 'luau');
const coverageLuau = join(coverageBuildDir, 'luau');
const ready =
  haveCoverageBuild && haveLuauTools && required(`the faulty build ${faulty}`, existsSync(faulty));

const count = 150;

function options(): ResolvedCampaignOptions {
  return resolveCampaignOptions({
    count,
    seed: 11,
    level: 'runnable',
    profile: 'luau',
    // The sound build beside one whose math.fmod fast call ignores the dividend's sign.
    runtimes: [`luau-cli:-O2:path=${luau}`, `luau-cli:-O2:path=${faulty}`],
    batchSize: 30,
    timeoutMs: 5000,
    shrinkFindings: 1,
    shrinkTimeMs: 20_000,
    guided: {
      coverage: `luau-cli:-O2:path=${coverageLuau}`,
      corpora: [],
      mutationShare: 0.5,
      stepSize: 30,
    },
  });
}

function lines<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.endsWith('}'))
    .map((l) => JSON.parse(l) as T);
}

interface Logged {
  readonly i: number;
  readonly origin: { kind: 'fresh'; run: number } | { kind: 'mutant'; parent: number };
  readonly record?: unknown;
}

/** Every program of a guided campaign, built again from its log, by index. */
function programsOf(dir: string, o: ResolvedCampaignOptions): Map<number, LuauBatchProgram> {
  const records = programRecords(arbitraryOptionsOf(o));
  const out = new Map<number, LuauBatchProgram>();
  for (const p of lines<Logged>(join(dir, 'corpus', 'programs.jsonl'))) {
    const record =
      p.origin.kind === 'fresh'
        ? records.ofRun(o.seed, p.origin.run)
        : recordFromJson(p.record, 'programs.jsonl');
    out.set(p.i, sourcesOf(records.build(record)));
  }
  return out;
}

describe.runIf(ready)('run --guided on the coverage build of luau 0.715', needsShared, () => {
  let root: string;
  let ws: EmbeddedWorkspace;
  let client: WorkspaceClient;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'luau-fuzz-guided-'));
    ws = await startEmbeddedWorkspace({ dataDir: join(root, 'workspace'), projects: 1 });
    client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
  });
  afterAll(async () => {
    await ws.close();
    if (process.env['KEEP_GUIDED'] === undefined) rmSync(root, { recursive: true, force: true });
    else console.log(root);
  });

  it('keeps the new-coverage programs, replays from its directory and shrinks its findings', async () => {
    const o = options();
    const whole = join(root, 'whole');
    const target = { client, projectIds: ws.projectIds };
    const summary = await runCampaign({ dir: whole, options: o, target });
    expect(summary.done).toBe(count);
    const g = summary.guided!;
    expect(g.programs).toBe(count);
    expect(g.mutants).toBeGreaterThan(0);
    expect(g.timeline.map((p) => p.programs)).toEqual([30, 60, 90, 120, 150]);
    expect(readFileSync(join(whole, 'report.html'), 'utf8')).toContain('Guided by coverage');

    // The corpus: programs that reached counters first, each counter with one entry.
    const corpus = Corpus.load(join(whole, 'corpus'));
    expect(corpus.entries.length).toBe(g.corpus);
    expect(corpus.entries.every((e) => e.firstCounters > 0)).toBe(true);
    expect(corpus.entries.reduce((n, e) => n + e.firstCounters, 0)).toBe(g.counters);
    // What each origin found adds up to the campaign's programs and counters, by origin.
    const origins = Object.entries(g.origins!).map(([o, y]) => ({ o, ...y! }));
    expect(origins.reduce((n, y) => n + y.programs, 0)).toBe(count);
    expect(g.origins!.fresh!.programs).toBe(count - g.mutants);
    expect(origins.reduce((n, y) => n + y.counters, 0)).toBe(g.counters);
    expect(origins.length).toBeGreaterThan(1);
    expect(readFileSync(join(whole, 'report.html'), 'utf8')).toContain('What each origin found');
    // The programs it did not keep reach (almost) nothing the kept ones do not: run again on
    // a fresh map, kept first, they add less than the engine's own nondeterminism (a
    // counter or two of timing-dependent code from one process to the next).
    const programs = programsOf(whole, o);
    const kept = new Set(corpus.entries.map((e) => e.keptAt));
    const runner = new CoverageRunner({ luau: coverageLuau, args: ['-O2'] });
    try {
      await runner.run([...kept].map((i) => programs.get(i)!));
      const afterKept = runner.map.reachedCount;
      expect(Math.abs(afterKept - g.counters)).toBeLessThan(g.counters / 100);
      const rest = [...programs.keys()].filter((i) => !kept.has(i));
      expect(rest.length).toBeGreaterThan(0);
      const outcomes = await runner.run(rest.map((i) => programs.get(i)!));
      const added = outcomes.reduce((n, x) => n + x.firstCounters.length, 0);
      expect(added).toBeLessThan(g.counters / 100);
    } finally {
      runner.close();
    }

    // Engine coverage in the summary and the report: the corpus, measured per source line,
    // reaches what every program of the campaign reaches together.
    const engine = g.engine!;
    if (!('measured' in engine)) throw new Error(`engine coverage: ${engine.unavailable}`);
    const covered = (c: EngineCoverage, component: string) =>
      c.tools[0]!.components.find((x) => x.component === component)!.lines;
    const all = await measureEngineCoverage({
      build: coverageBuild(coverageBuildDir, ['luau']),
      llvm: findLlvmTools(),
      modes: ['run-O2'],
      generated: [...programs.values()],
    });
    expect(engine.measured.modes).toEqual(['run-O2']);
    for (const component of ['Compiler', 'VM', 'total']) {
      const kept = covered(engine.measured, component);
      expect(kept.generated).toBeGreaterThan(0);
      expect(Math.abs(kept.generated - covered(all, component).generated)).toBeLessThan(
        covered(all, component).generated / 100,
      );
    }
    const report = readFileSync(join(whole, 'report.html'), 'utf8');
    expect(report).toContain('<h3>Engine coverage</h3>');
    expect(report).toContain(
      `${covered(engine.measured, 'VM').generated} of ${covered(engine.measured, 'VM').count}`,
    );

    // Findings: the fault found, its representative shrunk from its own tree.
    expect(summary.findingKinds.mismatch).toBeGreaterThan(0);
    const shrunk = summary.findings.find((f) => f.shrunk.shrunk)!;
    expect(shrunk.shrunk.reproduced).toBe(true);
    expect(shrunk.shrunk.nodes).toBeLessThan(shrunk.original.nodes);
    // The fault may be in the program or in its module (a shrunk program can keep only the
    // `require` of a module that computes it).
    const findingDir = join(whole, 'findings', shrunk.hash);
    const shrunkSources = ['shrunk.luau', 'shrunk.module.luau']
      .filter((f) => existsSync(join(findingDir, f)))
      .map((f) => readFileSync(join(findingDir, f), 'utf8'))
      .join('\n');
    expect(shrunkSources).toContain('math.fmod');

    // Stopped after its second step (the first with mutants: what it learnt is saved), a
    // program lost on the way (its line cut off), resumed: the same programs at the same
    // indices as the campaign run in one go.
    const parts = join(root, 'parts');
    const stop = new AbortController();
    await runCampaign({
      dir: parts,
      options: { ...o, shrink: false },
      target,
      signal: stop.signal,
      onProgress: (s) => {
        if (s.done >= 60) stop.abort();
      },
    });
    const results = join(parts, 'results.jsonl');
    const before = lines<{ i: number }>(results);
    expect(before.length).toBeLessThan(count);
    writeFileSync(
      results,
      `${before
        .slice(0, -1)
        .map((r) => JSON.stringify(r))
        .join('\n')}\n`,
    );
    const resumed = await runCampaign({ dir: parts, resume: true, target });
    expect(resumed.done).toBe(count);
    const indices = lines<{ i: number }>(results).map((r) => r.i);
    expect(new Set(indices).size).toBe(count);
    const again = programsOf(parts, o);
    const lost = before[before.length - 1]!.i;
    expect(again.get(lost)).toEqual(programs.get(lost));
    // Every program as in one run, but where the coverage the steps fed on moved: what a
    // program reaches in the engine moves by a few counters from one process to the next (a
    // path depends on addresses; a run cut by its time limit under load reaches less), and the
    // next step mutates the corpus those counters made. Measured: 0 of 150 differ on a quiet
    // machine, 12 (all mutants of the last steps) under CI's load; a resume that forgets what
    // the steps learnt changes the mutants of every step after it.
    const differ = [...programs.keys()].filter(
      (i) => JSON.stringify(again.get(i)) !== JSON.stringify(programs.get(i)),
    );
    expect(differ.length, `programs that differ: ${differ.join(' ')}`).toBeLessThanOrEqual(15);
    const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(b / 100);
    near(resumed.guided!.counters, g.counters);
    expect(resumed.guided!.timeline.map((p) => p.programs)).toEqual([30, 60, 90, 120, 150]);
    expect(Object.keys(resumed.guided!.origins!).sort()).toEqual(Object.keys(g.origins!).sort());
  }, 600_000);
});
