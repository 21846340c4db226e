import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignArbitrary,
  generatePrograms,
  readFindings,
  resolveCampaignOptions,
  runCampaign,
  unlimitedCount,
  type CampaignSnapshot,
  type ProgramRecord,
  type ResolvedCampaignOptions,
} from '../../src/campaign/index.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';
import { cliProcess } from '../helpers/cli-process.js';

const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-resume-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function records(dir: string): ProgramRecord[] {
  const path = join(dir, 'results.jsonl');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.endsWith('}'))
    .map((l) => JSON.parse(l) as ProgramRecord);
}

/** What must not depend on how a campaign was interrupted: each program's record, by index. */
function byIndex(dir: string): Map<number, unknown> {
  return new Map(
    records(dir).map((r) => [
      r.i,
      {
        nodes: r.nodes,
        kinds: r.kinds,
        finding: r.finding,
        outcomes: r.outcomes.map((o) => ({ status: o.status, outputHash: o.outputHash })),
      },
    ]),
  );
}

/** The saved findings, without what depends on timing. */
function findings(
  dir: string,
): { hash: string; kind: string; occurrences: number[]; shrunk: boolean; nodes: number }[] {
  return readFindings(join(dir, 'findings'))
    .map((f) => ({
      hash: f.hash,
      kind: f.kind,
      occurrences: f.occurrences.map((o) => o.index).sort((a, b) => a - b),
      shrunk: f.shrunk.shrunk,
      nodes: f.shrunk.nodes,
    }))
    .sort((a, b) => a.hash.localeCompare(b.hash));
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/** Every index of a campaign holds the record of its own program: its size and kinds as generated. */
function expectOwnPrograms(out: string, count: number): void {
  const o = JSON.parse(readFileSync(join(out, 'options.json'), 'utf8')) as ResolvedCampaignOptions;
  const generated = generatePrograms(campaignArbitrary(o), o.seed, range(count));
  const recorded = new Map(records(out).map((r) => [r.i, { nodes: r.nodes, kinds: r.kinds }]));
  expect(recorded).toEqual(
    new Map(generated.map((p) => [p.index, { nodes: p.nodes, kinds: p.kinds }])),
  );
}

describe('runCampaign', () => {
  let ws: EmbeddedWorkspace;
  let client: WorkspaceClient;
  let runtime: string;

  beforeAll(async () => {
    ws = await startEmbeddedWorkspace({ dataDir: join(root, 'workspace'), projects: 1 });
    client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
    // The implementation under test: a faulty one with three bugs, each its own finding (a
    // signal per loop kind), that otherwise prints a checksum of the program it was given, so
    // that equal outputs at an index mean the same program ran there.
    const script = join(root, 'faulty.sh');
    writeFileSync(
      script,
      '#!/bin/sh\n' +
        `if grep -q 'repeat' "$1"; then kill -SEGV $$; fi\n` +
        `if grep -q 'while' "$1"; then kill -ABRT $$; fi\n` +
        `if grep -q 'for ' "$1"; then kill -BUS $$; fi\n` +
        'cksum < "$1"\n',
    );
    chmodSync(script, 0o755);
    runtime = `command:${script} {program}`;
  });
  afterAll(() => ws.close());

  const options = (): ResolvedCampaignOptions =>
    resolveCampaignOptions({
      count: 60,
      seed: 61,
      level: 'syntax',
      runtimes: [runtime],
      workers: 2,
      timeoutMs: 5000,
      // One project, one batch at a time, ten programs each: "after batch K" is K × 10 programs.
      batchSize: 10,
      inFlight: 1,
      shrinkFindings: 1,
      shrinkAttempts: 25,
      // Bounded by attempts only, so that shrinking ends at the same tree every time.
      shrinkTimeMs: 600_000,
    });
  const target = (): { client: WorkspaceClient; projectIds: string[] } => ({
    client,
    projectIds: [ws.projectIds[0]!],
  });

  /** Stops the session at the first snapshot for which `when` holds. */
  function stopWhen(when: (s: CampaignSnapshot) => boolean): {
    signal: AbortSignal;
    onProgress: (s: CampaignSnapshot) => void;
  } {
    const controller = new AbortController();
    return {
      signal: controller.signal,
      onProgress: (s) => {
        if (when(s)) controller.abort();
      },
    };
  }

  it('stopped after a batch, while shrinking and after finishing, ends as an uninterrupted run', async () => {
    const reference = join(root, 'reference');
    const whole = await runCampaign({ dir: reference, options: options(), target: target() });
    expect(whole).toMatchObject({ done: 60, stopped: false });
    const found = findings(reference);
    // Enough findings that the second stop falls inside the shrink phase.
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found.filter((f) => f.shrunk)).toHaveLength(1);

    const dir = join(root, 'interrupted');
    // Session 1: stopped after the second batch, exactly.
    const first = await runCampaign({
      dir,
      options: options(),
      target: target(),
      ...stopWhen((s) => s.phase === 'run' && s.done >= 20),
    });
    expect(first).toMatchObject({ done: 20, stopped: true });
    expect(records(dir).map((r) => r.i)).toEqual(range(20));
    // Every finding counted so far is saved, as found: none shrunk, each waiting for it.
    const counted = new Set(records(dir).flatMap((r) => (r.finding === undefined ? [] : [r.i])));
    expect(counted.size).toBeGreaterThan(0);
    expect(new Set(findings(dir).flatMap((f) => f.occurrences))).toEqual(counted);
    expect(readFindings(join(dir, 'findings')).every((f) => f.shrunk.pending === true)).toBe(true);
    expect(first.findings.flatMap((f) => f.occurrences.map((o) => o.index)).sort()).toEqual(
      [...counted].sort(),
    );

    // Session 2: runs the rest, shrinks the first finding, and is stopped before the others.
    const second = await runCampaign({
      dir,
      resume: true,
      target: target(),
      ...stopWhen((s) => s.phase === 'shrink' && findings(dir).some((f) => f.shrunk)),
    });
    expect(second).toMatchObject({ done: 60, stopped: true });
    expect(
      records(dir)
        .map((r) => r.i)
        .sort((a, b) => a - b),
    ).toEqual(range(60));
    const partial = findings(dir);
    // Every finding saved, with the programs the uninterrupted run groups under it.
    expect(partial.map((f) => [f.hash, f.occurrences])).toEqual(
      found.map((f) => [f.hash, f.occurrences]),
    );
    expect(partial.filter((f) => f.shrunk)).toEqual(found.filter((f) => f.shrunk));
    expect(JSON.parse(readFileSync(join(dir, 'progress.json'), 'utf8'))).toMatchObject({
      finished: false,
    });

    // Session 3: marks the findings past the shrink budget, shrinking none again.
    const third = await runCampaign({ dir, resume: true, target: target() });
    expect(third).toMatchObject({ done: 60, stopped: false });
    expect(findings(dir)).toEqual(found);
    expect(byIndex(dir)).toEqual(byIndex(reference));

    // Session 4, after the end: changes nothing.
    const results = readFileSync(join(dir, 'results.jsonl'), 'utf8');
    const fourth = await runCampaign({ dir, resume: true, target: target() });
    expect(fourth).toMatchObject({ done: 60, stopped: false, findingKinds: whole.findingKinds });
    expect(readFileSync(join(dir, 'results.jsonl'), 'utf8')).toBe(results);
    expect(findings(dir)).toEqual(found);
    expect(JSON.parse(readFileSync(join(dir, 'progress.json'), 'utf8'))).toMatchObject({
      done: 60,
      finished: true,
      sessions: 4,
    });
  });
});

describe('luau-fuzz run --resume', () => {
  const out = join(root, 'campaign');
  const workspaceDir = join(root, 'cli-workspace');
  const count = 150;
  const indices = (): number[] => records(out).map((r) => r.i);

  async function waitForResults(atLeast: number, exited: Promise<unknown>): Promise<void> {
    let finished = false;
    void exited.then(() => (finished = true));
    while (!finished && indices().length < atLeast) await new Promise((r) => setTimeout(r, 50));
  }

  it('continues a killed and then interrupted campaign with every program accounted for exactly once', async () => {
    const common = ['--workspace-dir', workspaceDir, '--json'];
    // One batch of ten at a time: a signal sent once K programs are recorded finds the
    // campaign far from its end (each batch is a process started in the project).
    const first = cliProcess([
      'run',
      '--count',
      String(count),
      '--seed',
      '9',
      '--level',
      'syntax',
      '--batch-size',
      '10',
      '--in-flight',
      '1',
      '--no-shrink',
      '--out',
      out,
      ...common,
    ]);
    await waitForResults(20, first.done);
    first.child.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.stderr).not.toMatch(/Error/);
    expect(killed.code).toBeNull();
    const afterKill = indices().length;
    expect(afterKill).toBeGreaterThanOrEqual(20);
    expect(afterKill).toBeLessThan(count - 40);

    // Ctrl-C: the batch in flight finishes, the campaign says it stopped, exit code 130.
    const second = cliProcess(['run', '--resume', out, ...common]);
    await waitForResults(afterKill + 20, second.done);
    second.child.kill('SIGINT');
    const interrupted = await second.done;
    expect(interrupted.code).toBe(130);
    const stopped = JSON.parse(interrupted.stdout) as { stopped: boolean; done: number };
    expect(stopped.stopped).toBe(true);
    expect(stopped.done).toBeGreaterThanOrEqual(afterKill + 20);
    expect(stopped.done).toBeLessThan(count);
    expect(stopped.done).toBe(new Set(indices()).size);

    const third = cliProcess(['run', '--resume', out, ...common]);
    const resumed = await third.done;
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ done: count, total: count, stopped: false });
    const all = indices();
    expect(all).toHaveLength(count);
    expect([...all].sort((a, b) => a - b)).toEqual(range(count));
    expect(JSON.parse(readFileSync(join(out, 'progress.json'), 'utf8'))).toMatchObject({
      done: count,
      finished: true,
      sessions: 3,
    });
    expectOwnPrograms(out, count);
  });
});

describe('luau-fuzz run --resume over several projects', () => {
  it('continues a campaign killed while batches finished out of order, every program accounted for exactly once', async () => {
    const out = join(root, 'campaign-3');
    const workspaceDir = join(root, 'cli-workspace-3');
    const count = 90;
    // Three projects; the first runs every program slowly, so that the batches it holds
    // finish after those the other two take later: results arrive out of order.
    const ws = await startEmbeddedWorkspace({ dataDir: workspaceDir, projects: 3 });
    const client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
    await client.exec({ project_id: ws.projectIds[0]!, command: 'touch slow' });
    await ws.close();
    const script = join(root, 'slow-in-one.sh');
    writeFileSync(script, '#!/bin/sh\nif [ -e "$HOME/slow" ]; then sleep 0.2; fi\ncksum < "$1"\n');
    chmodSync(script, 0o755);
    const common = ['--workspace-dir', workspaceDir, '--json'];
    const first = cliProcess([
      'run',
      ...['--count', String(count), '--seed', '9', '--level', 'syntax'],
      ...['--runtime', `command:${script} {program}`, '--projects', '3'],
      ...['--batch-size', '10', '--in-flight', '1', '--no-shrink', '--out', out],
      ...common,
    ]);
    // Killed at the first moment a later batch is recorded before an earlier one.
    const holes = (): boolean => {
      const at = records(out).map((r) => r.i);
      return at.some((i) => i >= at.length);
    };
    let exited = false;
    void first.done.then(() => (exited = true));
    while (!exited && !holes()) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    expect((await first.done).code).toBeNull();
    expect(holes()).toBe(true);

    const resumed = await cliProcess(['run', '--resume', out, ...common]).done;
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ done: count, total: count, stopped: false });
    const all = records(out).map((r) => r.i);
    expect([...all].sort((a, b) => a - b)).toEqual(range(count));
    expectOwnPrograms(out, count);
  });
});

describe('runCampaign with limits', () => {
  let ws: EmbeddedWorkspace;
  let client: WorkspaceClient;
  beforeAll(async () => {
    ws = await startEmbeddedWorkspace({ dataDir: join(root, 'limits-workspace'), projects: 1 });
    client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
  });
  afterAll(() => ws.close());
  const target = (): { client: WorkspaceClient; projectIds: string[] } => ({
    client,
    projectIds: [ws.projectIds[0]!],
  });

  it('ends at its time budget, reports at least once a second, and takes a new count or budget on resume', async () => {
    const dir = join(root, 'budget');
    const snapshots: CampaignSnapshot[] = [];
    const summary = await runCampaign({
      dir,
      options: resolveCampaignOptions({
        seed: 5,
        level: 'syntax',
        durationMs: 4000,
        batchSize: 50,
        inFlight: 1,
      }),
      target: target(),
      onProgress: (s) => snapshots.push(s),
    });
    // No count: the budget alone ends it, as done, not stopped.
    expect(summary).toMatchObject({ stopped: false, total: unlimitedCount, durationSeconds: 4 });
    expect(summary.done).toBeGreaterThan(0);
    expect(summary.elapsedSeconds).toBeGreaterThanOrEqual(4);
    expect(records(dir)).toHaveLength(summary.done);
    // A snapshot every second while it ran, with the time it had run.
    const times = snapshots.filter((s) => s.phase === 'run').map((s) => s.elapsedSeconds);
    expect(times.length).toBeGreaterThanOrEqual(4);
    for (let k = 1; k < times.length; k++)
      expect(times[k]! - times[k - 1]!).toBeLessThanOrEqual(1.5);
    // The throughput chart's samples are real: one a second at least.
    const progress = JSON.parse(readFileSync(join(dir, 'progress.json'), 'utf8')) as {
      samples: unknown[];
    };
    expect(progress.samples.length).toBeGreaterThanOrEqual(5);

    // A budget already spent is refused, naming both; a count below the programs run too.
    await expect(
      runCampaign({ dir, resume: true, durationMs: 2000, target: target() }),
    ).rejects.toThrow(/--duration 2 s is no more than the .* s the campaign .* has run already/);
    await expect(
      runCampaign({ dir, resume: true, count: summary.done - 1, target: target() }),
    ).rejects.toThrow(
      new RegExp(`--count ${summary.done - 1} is below the ${summary.done} programs`),
    );

    // A count alone, with the budget spent, would run nothing: refused, saying so.
    await expect(
      runCampaign({ dir, resume: true, count: summary.done + 30, target: target() }),
    ).rejects.toThrow(/has spent its time budget \(4 s\); give --duration with it/);
    // A count and a budget: the campaign runs exactly that many, the new ones too.
    const more = await runCampaign({
      dir,
      resume: true,
      count: summary.done + 30,
      durationMs: 600_000,
      target: target(),
    });
    expect(more).toMatchObject({ done: summary.done + 30, total: summary.done + 30 });
    expect(
      records(dir)
        .map((r) => r.i)
        .sort((a, b) => a - b),
    ).toEqual(range(summary.done + 30));
  });
});
