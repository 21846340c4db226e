import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCampaign } from '../../src/campaign/campaign.js';
import { resolveCampaignOptions } from '../../src/campaign/options.js';
import { findingSignature } from '../../src/campaign/triage.js';
import type { ProgramRecord } from '../../src/campaign/store.js';
import { runnerSourceDir } from '../../src/runtime/runner-files.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';

/**
 * The engine the wrapper runtimes run: real Luau when the tools are there (a process starts in
 * milliseconds), else the runner's luau-web stand-in (one Node process per program).
 */
const engine = haveLuauTools
  ? JSON.stringify(tools().luau)
  : `node ${JSON.stringify(join(runnerSourceDir, 'main.mjs'))} luau`;

function results(dir: string): ProgramRecord[] {
  return readFileSync(join(dir, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as ProgramRecord);
}

// The stand-in starts a Node process for every program: a clone without the Luau tools (no
// ../shared) needs minutes where real Luau needs one.
describe('runCampaign', { timeout: haveLuauTools ? 120_000 : 600_000 }, () => {
  let root: string;
  let ws: EmbeddedWorkspace;
  let client: WorkspaceClient;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'luau-fuzz-diff-'));
    ws = await startEmbeddedWorkspace({ dataDir: join(root, 'workspace'), projects: 1 });
    client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
  });
  afterAll(async () => {
    await ws.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('reports and shrinks the mismatch of a runtime that corrupts some outputs, among three', async () => {
    // The same engine run by the same command, faithful or corrupting: the corrupting one
    // prints one line more for every program with a `while` loop (a `repeat` loop shrinks to
    // more lines: its condition is a closure over the body's locals).
    const faithful = join(root, 'faithful-luau.sh');
    writeFileSync(faithful, `#!/bin/sh\nexec ${engine} "$1"\n`);
    const corrupting = join(root, 'corrupting-luau.sh');
    writeFileSync(
      corrupting,
      `#!/bin/sh\n${engine} "$1"\ncode=$?\n` +
        `if grep -q 'while' "$1"; then echo corrupted; fi\nexit $code\n`,
    );
    chmodSync(faithful, 0o755);
    chmodSync(corrupting, 0o755);
    const runtimes = [
      'luau-web',
      `command:${faithful} {program}`,
      `command:${corrupting} {program}`,
    ];
    const dir = join(root, 'three');
    const summary = await runCampaign({
      dir,
      options: resolveCampaignOptions({
        count: 60,
        seed: 10,
        level: 'runnable',
        runtimes,
        workers: 3,
        // One process per program: room for slow starts on a busy machine.
        timeoutMs: 8000,
        batchSize: 60,
        shrinkFindings: 1,
        shrinkAttempts: 40,
        shrinkTimeMs: 40_000,
      }),
      target: { client, projectIds: ws.projectIds },
    });
    expect(summary.done).toBe(60);
    const records = results(dir);
    // The programs the corrupting runtime changed: its output differs from the faithful one's
    // (the output excerpt may stop before the added line: long outputs are cut).
    const withLoop = records.filter((r) => r.outcomes[2]?.outputHash !== r.outcomes[1]?.outputHash);
    for (const r of withLoop) expect(r.outcomes[1]!.outputHash).toBe(r.outcomes[0]!.outputHash);
    expect(withLoop.length).toBeGreaterThan(1);
    for (const r of records) {
      expect(r.outcomes).toHaveLength(3);
      // Every program the corrupting runtime changed is a mismatch, and no other is.
      expect(r.finding === 'mismatch').toBe(withLoop.includes(r));
    }
    expect(summary.findingKinds.mismatch).toBe(withLoop.length);

    // One problem, so one finding: shrunk once, every copy counted under it.
    expect(summary.findings).toHaveLength(1);
    const [f] = summary.findings;
    expect(f!.kind).toBe('mismatch');
    expect(f!.occurrences.map((o) => o.index).sort((a, b) => a - b)).toEqual(
      withLoop.map((r) => r.i).sort((a, b) => a - b),
    );
    expect(f!.groups.map((g) => g.runtimes)).toEqual([runtimes.slice(0, 2), runtimes.slice(2)]);
    expect(f!.signature).toBe(`mismatch · ${runtimes[0]}, ${runtimes[1]}: ok | ${runtimes[2]}: ok`);
    expect(f!.shrunk.shrunk).toBe(true);
    expect(f!.shrunk.reproduced).toBe(true);
    expect(f!.shrunk.nodes).toBeLessThan(f!.original.nodes);
    expect(f!.shrunk.outcomes[2]!.output).toContain('corrupted');
    expect(f!.shrunk.outcomes[0]!.output).not.toContain('corrupted');
    const shrunk = readFileSync(join(dir, 'findings', f!.hash, 'shrunk.luau'), 'utf8');
    expect(shrunk).toMatch(/while/);
    expect(shrunk.trim().split('\n').length).toBeLessThanOrEqual(10);
    expect(existsSync(join(dir, 'findings', f!.hash, 'original.luau'))).toBe(true);
  });

  it('shrinks each of two faults of one runtime to a program that still shows its own signature', async () => {
    // One runtime, two faults: it fails programs with a `repeat` loop after running them (a
    // runtime error), and prints a line more for every other program. Shrunk without regard
    // to the signature, the error would drift to the other fault as soon as a candidate lost
    // its `repeat`.
    const faithful = join(root, 'faithful-2.sh');
    writeFileSync(faithful, `#!/bin/sh\nexec ${engine} "$1"\n`);
    const faulty = join(root, 'two-faults.sh');
    writeFileSync(
      faulty,
      `#!/bin/sh\n${engine} "$1"\ncode=$?\n` +
        `if grep -q 'repeat' "$1"; then echo "$1:1: injected fault" >&2; echo stacktrace: >&2; echo '[C] function error' >&2; exit 1; fi\n` +
        `echo corrupted\nexit $code\n`,
    );
    chmodSync(faithful, 0o755);
    chmodSync(faulty, 0o755);
    const runtimes = [`command:${faithful} {program}`, `command:${faulty} {program}`];
    const dir = join(root, 'two-faults');
    const summary = await runCampaign({
      dir,
      options: resolveCampaignOptions({
        count: 45,
        seed: 10,
        level: 'runnable',
        runtimes,
        workers: 2,
        timeoutMs: 8000,
        batchSize: 45,
        shrinkFindings: 2,
        shrinkAttempts: 40,
        shrinkTimeMs: 20_000,
      }),
      target: { client, projectIds: ws.projectIds },
    });
    expect(summary.done).toBe(45);
    const bySignature = new Map(summary.findings.map((f) => [f.signature, f]));
    const error = bySignature.get(
      `mismatch · ${runtimes[0]}: ok | ${runtimes[1]}: runtime-error · injected fault`,
    );
    const corrupt = bySignature.get(`mismatch · ${runtimes[0]}: ok | ${runtimes[1]}: ok`);
    expect(summary.findings).toHaveLength(2);
    expect(error).toBeDefined();
    expect(corrupt).toBeDefined();
    for (const [f, repeat] of [
      [error!, true],
      [corrupt!, false],
    ] as const) {
      expect(f.shrunk.shrunk).toBe(true);
      expect(f.shrunk.reproduced).toBe(true);
      // The shrunk program's own outcomes carry the finding's signature, not the other one.
      expect(findingSignature(f.kind, runtimes, f.shrunk.outcomes)).toBe(f.signature);
      const shrunk = readFileSync(join(dir, 'findings', f.hash, 'shrunk.luau'), 'utf8');
      expect(/\brepeat\b/.test(shrunk)).toBe(repeat);
    }
  });
});
