import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file_luau } from '../../gen/luau_pb.js';
import { runCampaign } from '../../src/campaign/campaign.js';
import type { CampaignSnapshot } from '../../src/campaign/tally.js';
import {
  campaignArbitrary,
  generatePrograms,
  resolveCampaignOptions,
  type ResolvedCampaignOptions,
} from '../../src/campaign/index.js';
import type { ProgramRecord } from '../../src/campaign/store.js';
import { LuauWebPool } from '../../src/runtime/index.js';
import { runnerBundle, runnerSourceDir } from '../../src/runtime/runner-files.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

function results(dir: string): ProgramRecord[] {
  return readFileSync(join(dir, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as ProgramRecord);
}

describe('runCampaign', () => {
  let root: string;
  let ws: EmbeddedWorkspace;
  let client: WorkspaceClient;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'luau-fuzz-e2e-'));
    ws = await startEmbeddedWorkspace({ dataDir: join(root, 'workspace'), projects: 3 });
    client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
  });
  afterAll(async () => {
    await ws.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('runs a 300-program campaign in which every runnable program runs, and reports it', async () => {
    const dir = join(root, 'c300');
    const summary = await runCampaign({
      dir,
      options: resolveCampaignOptions({
        count: 300,
        seed: 300,
        level: 'runnable',
        batchSize: 50,
        // Far above what a runnable program needs: a busy machine must not turn one into a timeout.
        timeoutMs: 10_000,
        shrinkFindings: 1,
        shrinkAttempts: 30,
      }),
      target: { client, projectIds: [ws.projectIds[0]!] },
    });
    expect(summary).toMatchObject({ done: 300, total: 300, stopped: false, unprintable: 0 });
    // Runnable programs must run: every one is ok, none is a finding.
    expect(summary.statuses).toEqual([{ ok: 300 }]);
    expect(summary.findingKinds).toEqual({});
    expect(summary.findings).toEqual([]);
    const records = results(dir);
    expect(records.map((r) => r.i).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 300 }, (_, i) => i),
    );
    // Each record holds what program i prints: a few re-run here give the same output.
    const options = resolveCampaignOptions({ count: 300, seed: 300, level: 'runnable' });
    const byIndex = new Map(records.map((r) => [r.i, r]));
    const sample = [0, 1, 99, 150, 298, 299];
    const programs = generatePrograms(campaignArbitrary(options), 300, sample);
    const pool = new LuauWebPool({ timeoutMs: 10_000 });
    try {
      for (const p of programs) {
        const local = await pool.run({ id: String(p.index), program: p.program, module: p.module });
        expect(local.status).toBe('ok');
        expect(byIndex.get(p.index)!.outcomes[0]!.outputHash, `program ${p.index}`).toBe(
          local.outputHash,
        );
      }
    } finally {
      await pool.close();
    }
    expect(new Set(records.map((r) => r.outcomes[0]!.outputHash)).size).toBeGreaterThan(100);
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('<h2>Outcomes</h2>');
    expect(html).toContain('<polyline');
    expect(html).toMatch(/<td>StatBlock<\/td><td>[1-9]\d*<\/td>/);
    // Every kind of the schema is counted, the ones never generated too.
    expect(html).toMatch(
      new RegExp(`\\d+ of ${file_luau.messages.length} message kinds generated`),
    );
    expect(JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'))).toMatchObject({
      done: 300,
      statuses: [{ ok: 300 }],
    });
  });

  it('finds a runtime that crashes on repeat loops and shrinks the finding to at most 10 nodes', async () => {
    const wrapper = join(root, 'faulty-luau.sh');
    writeFileSync(
      wrapper,
      `#!/bin/sh\n# A faulty Luau: segfaults on every program with a repeat loop.\n` +
        `if grep -q 'repeat' "$1"; then kill -SEGV $$; fi\n` +
        `exec node ${JSON.stringify(join(runnerSourceDir, 'main.mjs'))} luau "$1"\n`,
    );
    chmodSync(wrapper, 0o755);
    const dir = join(root, 'faulty');
    const snapshots: CampaignSnapshot[] = [];
    const summary = await runCampaign({
      dir,
      options: resolveCampaignOptions({
        count: 30,
        seed: 1,
        level: 'syntax',
        runtimes: [`command:${wrapper} {program}`],
        workers: 2,
        // One process per program: room for slow starts on a busy machine.
        timeoutMs: 5000,
        batchSize: 15,
        shrinkFindings: 1,
        shrinkAttempts: 400,
        shrinkTimeMs: 120_000,
      }),
      target: { client, projectIds: [ws.projectIds[1]!] },
      onProgress: (s) => snapshots.push(s),
    });
    // Exactly the programs with a repeat loop crashed, and every one is a finding.
    const options = JSON.parse(
      readFileSync(join(dir, 'options.json'), 'utf8'),
    ) as ResolvedCampaignOptions;
    const withRepeat = new Set(
      generatePrograms(campaignArbitrary(options), 1, range(30))
        .filter((p) => p.program.includes('repeat'))
        .map((p) => p.index),
    );
    expect(withRepeat.size).toBeGreaterThan(0);
    expect(withRepeat.size).toBeLessThan(30);
    const crashed = results(dir).filter((r) => r.outcomes[0]!.status === 'crash');
    expect(new Set(crashed.map((r) => r.i))).toEqual(withRepeat);
    expect(summary.findingKinds.crash).toBe(withRepeat.size);
    // Progress counts the findings as they are saved (one per signature) beside their programs.
    expect(snapshots.at(-1)).toMatchObject({
      findings: withRepeat.size,
      signatures: summary.findings.length,
    });
    const shrunk = summary.findings.find((f) => f.shrunk.shrunk);
    expect(shrunk).toBeDefined();
    expect(shrunk!.kind).toBe('crash');
    expect(shrunk!.shrunk.outcomes[0]?.signal).toBe('SIGSEGV');
    expect(shrunk!.shrunk.nodes).toBeLessThanOrEqual(10);
    const findingDir = join(dir, 'findings', shrunk!.hash);
    expect(readFileSync(join(findingDir, 'shrunk.luau'), 'utf8')).toContain('repeat');
    for (const f of [
      'original.binpb',
      'original.textproto',
      'original.luau',
      'shrunk.binpb',
      'shrunk.textproto',
    ]) {
      expect(existsSync(join(findingDir, f))).toBe(true);
    }
  });

  it('spreads the batches of a campaign over 3 projects', async () => {
    const dir = join(root, 'three');
    const summary = await runCampaign({
      dir,
      options: resolveCampaignOptions({
        count: 90,
        seed: 3,
        level: 'syntax',
        batchSize: 10,
        inFlight: 1,
        shrink: false,
      }),
      target: { client, projectIds: ws.projectIds },
    });
    expect(summary.done).toBe(90);
    expect(summary.projects).toHaveLength(3);
    for (const p of summary.projects) expect(p.batches).toBeGreaterThan(0);
    expect(new Set(results(dir).map((r) => r.project))).toEqual(new Set(ws.projectIds));
  });

  it('cuts a campaign into batches sized from its count, two per slot, not from what is left', async () => {
    const dir = join(root, 'sized');
    const summary = await runCampaign({
      dir,
      options: resolveCampaignOptions({
        count: 1200,
        seed: 5,
        level: 'runnable',
        batchSize: 1000,
        inFlight: 2,
        shrink: false,
      }),
      target: { client, projectIds: [ws.projectIds[0]!] },
    });
    expect(summary.done).toBe(1200);
    // 1,200 / (2 × 2 slots): four runs of 300, where cutting what was left made five.
    expect(summary.projects).toEqual([{ projectId: ws.projectIds[0], batches: 4, programs: 1200 }]);
  });

  it('re-queues the batches of a project whose runner breaks, losing no program', async () => {
    const dir = join(root, 'broken');
    const [broken, healthy] = [ws.projectIds[0]!, ws.projectIds[1]!];
    const runnerMain = `.luau-fuzz/runner/${runnerBundle().checksum.slice(0, 16)}/main.mjs`;
    let breaking: Promise<unknown> | undefined;
    const events: string[] = [];
    const summary = await runCampaign({
      dir,
      options: resolveCampaignOptions({
        count: 80,
        seed: 8,
        level: 'syntax',
        batchSize: 8,
        inFlight: 1,
        shrink: false,
      }),
      target: { client, projectIds: [broken, healthy] },
      onProjectEvent: (e) =>
        events.push(`${e.projectId === broken ? 'broken' : 'healthy'} ${e.type}`),
      onProgress: (p) => {
        // After the first results, the runner of one project starts failing every batch.
        if (p.done > 0 && breaking === undefined) {
          breaking = client.exec({
            project_id: broken,
            command: 'node',
            args: [
              '-e',
              `require('fs').writeFileSync(${JSON.stringify(runnerMain)}, 'process.exit(3)')`,
            ],
          });
        }
      },
    });
    await breaking;
    expect(summary.done).toBe(80);
    const records = results(dir);
    expect(records.map((r) => r.i).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 80 }, (_, i) => i),
    );
    for (const r of records) expect(r.outcomes[0]!.error ?? '').not.toMatch(/no outcome/);
    expect(events).toContain('broken failed');
    const byProject = new Map(summary.projects.map((p) => [p.projectId, p.programs]));
    expect(byProject.get(healthy)!).toBeGreaterThan(byProject.get(broken)!);
  });

  it('reports no mismatch in a differential run of two identical runtimes', async () => {
    const dir = join(root, 'diff');
    const summary = await runCampaign({
      dir,
      options: resolveCampaignOptions({
        count: 40,
        seed: 4,
        level: 'syntax',
        runtimes: ['luau-web', `command:node ${join(runnerSourceDir, 'main.mjs')} luau {program}`],
        workers: 2,
        // One process per program: room for slow starts on a busy machine.
        timeoutMs: 5000,
        batchSize: 20,
        shrink: false,
      }),
      target: { client, projectIds: [ws.projectIds[2]!] },
    });
    expect(summary.done).toBe(40);
    expect(summary.findingKinds.mismatch).toBeUndefined();
    // Both runtimes really ran every program, and agree on every status.
    for (const r of results(dir)) {
      expect(r.outcomes).toHaveLength(2);
      if (r.outcomes[0]!.status !== 'timeout' && r.outcomes[1]!.status !== 'timeout') {
        expect(r.outcomes[1]!.status).toBe(r.outcomes[0]!.status);
      }
    }
  });
});
