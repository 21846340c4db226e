import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';

const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-resume-'));
const out = join(root, 'campaign');
const workspaceDir = join(root, 'workspace');
const count = 150;

function cli(args: string[]): {
  child: ChildProcess;
  done: Promise<{ code: number | null; stdout: string; stderr: string }>;
} {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(packageRoot, 'src/cli/main.ts'), ...args],
    {
      cwd: packageRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}

function indices(): number[] {
  const path = join(out, 'results.jsonl');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.endsWith('}'))
    .map((l) => (JSON.parse(l) as { i: number }).i);
}

async function waitForResults(atLeast: number, exited: Promise<unknown>): Promise<void> {
  let finished = false;
  void exited.then(() => (finished = true));
  while (!finished && indices().length < atLeast) await new Promise((r) => setTimeout(r, 100));
}

describe('luau-fuzz run --resume', () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('continues a killed and then interrupted campaign with every program accounted for exactly once', async () => {
    const common = ['--workspace-dir', workspaceDir, '--json'];
    const first = cli([
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
    expect(afterKill).toBeLessThan(count);

    // Ctrl-C: batches in flight finish, the campaign says it stopped.
    const second = cli(['run', '--resume', out, ...common]);
    await waitForResults(afterKill + 20, second.done);
    second.child.kill('SIGINT');
    const interrupted = await second.done;
    const stoppedSummary = JSON.parse(interrupted.stdout) as { stopped: boolean; done: number };
    if (stoppedSummary.done < count) {
      expect(interrupted.code).toBe(130);
      expect(stoppedSummary.stopped).toBe(true);
    }
    expect(stoppedSummary.done).toBe(new Set(indices()).size);

    const third = cli(['run', '--resume', out, ...common]);
    const resumed = await third.done;
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ done: count, total: count, stopped: false });
    const all = indices();
    expect(all).toHaveLength(count);
    expect([...all].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
    expect(JSON.parse(readFileSync(join(out, 'progress.json'), 'utf8'))).toMatchObject({
      done: count,
      finished: true,
      sessions: 3,
    });
  });
});
