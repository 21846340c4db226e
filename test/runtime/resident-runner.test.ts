import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRuntime } from '../../src/runtime/profile.js';
import { installRunner, runRemoteBatch } from '../../src/runtime/remote-runner.js';
import type { InstalledRunner } from '../../src/runtime/runner-files.js';
import {
  ResidentRunnerGoneError,
  startResidentRunner,
  stopResidentRunner,
} from '../../src/runtime/resident-runner.js';
import type { ResidentRunner } from '../../src/runtime/resident-runner.js';
import type { ProgramOutcome } from '../../src/runtime/outcome.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';
import { jobEnded } from '../workspace/helpers.js';

let dataDir: string;
let ws: EmbeddedWorkspace;
let client: WorkspaceClient;
let runner: InstalledRunner;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'luau-fuzz-resident-'));
  ws = await startEmbeddedWorkspace({ dataDir, projects: 1 });
  client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey, api: 'v2' });
  runner = await installRunner(client, ws.projectIds[0]!);
});
afterAll(async () => {
  await ws.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const profile = parseRuntime('luau-web');

/** Outcomes by id, without their times. */
function byId(outcomes: readonly ProgramOutcome[]): Record<string, Omit<ProgramOutcome, 'timeMs'>> {
  return Object.fromEntries(
    outcomes
      .map(({ timeMs: _, ...o }) => [o.id, o] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Waits until the async job of a resident runner has ended. */
const ended = (r: ResidentRunner): Promise<string> => jobEnded(client, r.projectId, r.jobId);

describe('startResidentRunner', () => {
  it('runs the batches handed to it, concurrently, with the outcomes of one-shot runs', async () => {
    const jobs = [
      { id: 'a', program: 'print("hello", 0.1 + 0.2)' },
      { id: 'b', program: 'local = 1' },
      { id: 'c', program: 'print(require(module0).v)', module: 'return { v = 3 }' },
      { id: 'd', program: 'error({ code = 1 })' },
      { id: 'e', program: 'x = 1; setmetatable(_G, { __index = function() return 7 end })' },
      { id: 'f', program: 'print(x, y)' },
      { id: 'g', program: 'while true do end' },
    ];
    const resident = await startResidentRunner(client, runner);
    try {
      const options = { profile, timeoutMs: 1000 };
      const [one, two] = await Promise.all([
        runRemoteBatch(client, runner, jobs, { ...options, name: 'res-1', resident }),
        runRemoteBatch(client, runner, jobs, { ...options, name: 'res-2', resident }),
      ]);
      const oneShot = await runRemoteBatch(client, runner, jobs, { ...options, name: 'one' });
      expect(byId(one)).toEqual(byId(oneShot));
      expect(byId(two)).toEqual(byId(oneShot));
      expect(byId(oneShot).f).toMatchObject({ status: 'ok', output: 'nil\tnil\n' });
      expect(byId(oneShot).g?.status).toBe('timeout');
    } finally {
      await stopResidentRunner(client, resident);
    }
    expect(await ended(resident)).toBe('completed');
  });

  it('runs two batches handed over together at the same time: their run intervals overlap', async () => {
    // A command runtime that prints when its program started and ended (ns since the epoch),
    // a second apart: batches run one after another could not overlap.
    // Outside the data directory, which the sandbox hides from commands.
    const scripts = mkdtempSync(join(tmpdir(), 'luau-fuzz-interval-'));
    const script = join(scripts, 'interval.sh');
    writeFileSync(script, '#!/bin/sh\ndate +%s%N\nsleep 1\ndate +%s%N\n');
    chmodSync(script, 0o755);
    const interval = parseRuntime(`command:${script} {program}`);
    const resident = await startResidentRunner(client, runner);
    try {
      const options = { profile: interval, timeoutMs: 20_000, resident };
      const job = [{ id: 'a', program: 'print(1)' }];
      const runs = await Promise.all([
        runRemoteBatch(client, runner, job, { ...options, name: 'overlap-1' }),
        runRemoteBatch(client, runner, job, { ...options, name: 'overlap-2' }),
      ]);
      const [one, two] = runs.map(([o]) => {
        expect(o).toMatchObject({ status: 'ok' });
        const [start, end] = o!.output.trim().split('\n').map(BigInt);
        expect(end! - start!).toBeGreaterThanOrEqual(1_000_000_000n);
        return { start: start!, end: end! };
      });
      expect(one!.start < two!.end && two!.start < one!.end).toBe(true);
    } finally {
      await stopResidentRunner(client, resident);
      rmSync(scripts, { recursive: true, force: true });
    }
  });

  it('reports bad run arguments as the one-shot runner does, and keeps serving', async () => {
    const resident = await startResidentRunner(client, runner);
    try {
      const bad = runRemoteBatch(client, runner, [{ id: 'a', program: 'print(1)' }], {
        profile: { kind: 'command', template: 'luau {program}' } as never,
        name: 'res-bad',
        resident,
      });
      await expect(bad).rejects.toThrow(/exited with code 2/);
      const good = await runRemoteBatch(client, runner, [{ id: 'a', program: 'print(1)' }], {
        profile,
        name: 'res-good',
        resident,
      });
      expect(good).toMatchObject([{ id: 'a', status: 'ok', output: '1\n' }]);
    } finally {
      await stopResidentRunner(client, resident);
    }
  });

  it('leaves when asked, and a batch handed to it then fails with ResidentRunnerGoneError at once', async () => {
    // A claim wait longer than the test's limit: only the runner's removed directory can end
    // the batch in time.
    const resident = await startResidentRunner(client, runner, { claimSeconds: 600 });
    await stopResidentRunner(client, resident);
    expect(await ended(resident)).toBe('completed');
    const dir = await client.exec({
      project_id: resident.projectId,
      command: 'test',
      args: ['-d', resident.dir],
      err_on_exit: false,
    });
    expect(dir.exit_code).toBe(1);
    const gone = runRemoteBatch(client, runner, [{ id: 'a', program: 'print(1)' }], {
      profile,
      name: 'res-gone',
      resident,
    });
    await expect(gone).rejects.toBeInstanceOf(ResidentRunnerGoneError);
  }, 30_000);

  it('fails a running batch with ResidentRunnerGoneError when the runner is killed', async () => {
    // The job's timeout kills the runner while it runs a program that loops for ever.
    const resident = await startResidentRunner(client, runner, { jobSeconds: 3, claimSeconds: 4 });
    const killed = runRemoteBatch(client, runner, [{ id: 'a', program: 'while true do end' }], {
      profile,
      name: 'res-killed',
      timeoutMs: 60_000,
      resident,
    });
    // Known once the submitter's watchdog (`claimSeconds`) left too: well before the program's
    // limit and the exec's, which are past the test's.
    await expect(killed).rejects.toBeInstanceOf(ResidentRunnerGoneError);
    expect(await ended(resident)).toBe('error');
  }, 30_000);
});
