import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  campaignArbitrary,
  generatePrograms,
  type ResolvedCampaignOptions,
} from '../../src/campaign/index.js';
import { packageRoot } from '../../src/package-root.js';
import { runnerSourceDir } from '../../src/runtime/runner-files.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';

const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-cli-'));
const workspaceDir = join(root, 'workspace');

function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
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
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('luau-fuzz run', () => {
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('prints a summary, publishes the findings, and `luau-fuzz shrink` shrinks one again', async () => {
    const wrapper = join(root, 'faulty-luau.sh');
    writeFileSync(
      wrapper,
      `#!/bin/sh\nif grep -q 'while' "$1"; then kill -ABRT $$; fi\nexec node ${JSON.stringify(join(runnerSourceDir, 'main.mjs'))} luau "$1"\n`,
    );
    chmodSync(wrapper, 0o755);
    const out = join(root, 'campaign');
    const run = await cli([
      'run',
      '--count',
      '24',
      '--seed',
      '3',
      '--level',
      'syntax',
      '--runtime',
      `command:${wrapper} {program}`,
      '--workers',
      '2',
      '--timeout',
      '5000',
      // Saved unshrunk, for `luau-fuzz shrink` below to shrink (it keeps the smaller of two).
      '--shrink-findings',
      '0',
      '--publish',
      '--out',
      out,
      '--workspace-dir',
      workspaceDir,
    ]);
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.code).toBe(3); // findings fail the run, for CI

    expect(run.stdout).toMatch(/^Finished: 24\/24 programs/);
    // The programs with a while loop, and only those, crash: the outcome row and the finding
    // row both count them.
    const options = JSON.parse(
      readFileSync(join(out, 'options.json'), 'utf8'),
    ) as ResolvedCampaignOptions;
    const withWhile = generatePrograms(
      campaignArbitrary(options),
      options.seed,
      Array.from({ length: 24 }, (_, i) => i),
    ).filter((p) => p.program.includes('while')).length;
    // More than one, so that counting the programs differs from counting their signatures.
    expect(withWhile).toBeGreaterThan(1);
    expect(run.stdout.match(new RegExp(`^crash\\s+${withWhile}\\s*$`, 'gm'))).toHaveLength(2);
    expect(run.stdout).toMatch(/Published: luau-fuzz\/campaign in project /);

    const ws = await startEmbeddedWorkspace({ dataDir: workspaceDir });
    try {
      const client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
      const projectId = ws.projectIds[0]!;
      const published = await client.query<{ public_paths: { path: string } }>({
        public_paths: { project_id: projectId, path: 'luau-fuzz/campaign', description: null },
      });
      expect(published.query.public_paths.path).toBe('luau-fuzz/campaign');
      const listing = await client.exec({
        project_id: projectId,
        command: 'ls',
        args: ['luau-fuzz/campaign/findings'],
      });
      expect(listing.stdout.trim().split('\n').sort()).toEqual(
        readdirSync(join(out, 'findings')).sort(),
      );
    } finally {
      await ws.close();
    }

    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as {
      findings: { hash: string; original: { nodes: number }; shrunk: { shrunk: boolean } }[];
    };
    const unshrunk = summary.findings.find((f) => !f.shrunk.shrunk)!;
    const again = await cli([
      'shrink',
      join(out, 'findings', unshrunk.hash),
      '--attempts',
      '200',
      '--workspace-dir',
      workspaceDir,
    ]);
    expect(again.stderr).not.toMatch(/Error/);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^crash: \d+ → \d+ nodes in \d+ runs/);
    const record = JSON.parse(
      readFileSync(join(out, 'findings', unshrunk.hash, 'outcome.json'), 'utf8'),
    ) as {
      shrunk: { shrunk: boolean; nodes: number; outcomes: { signal?: string }[] };
    };
    expect(record.shrunk).toMatchObject({ shrunk: true });
    // Shrunk from the original: a record of the tree it started from would pass the rest.
    expect(record.shrunk.nodes).toBeLessThan(unshrunk.original.nodes);
    expect(record.shrunk.outcomes[0]?.signal).toBe('SIGABRT');
    expect(readFileSync(join(out, 'findings', unshrunk.hash, 'shrunk.luau'), 'utf8')).toContain(
      'while',
    );
  });
});
