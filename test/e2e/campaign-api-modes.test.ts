import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCampaign } from '../../src/campaign/campaign.js';
import { resolveCampaignOptions } from '../../src/campaign/options.js';
import type { ProgramRecord } from '../../src/campaign/store.js';
import { runnerSourceDir } from '../../src/runtime/runner-files.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';

let root: string;
let wrapper: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'luau-fuzz-api-modes-'));
  wrapper = join(root, 'faulty-luau.sh');
  writeFileSync(
    wrapper,
    `#!/bin/sh\n# A faulty Luau: segfaults on every program with a repeat loop.\n` +
      `if grep -q 'repeat' "$1"; then kill -SEGV $$; fi\n` +
      `exec node ${JSON.stringify(join(runnerSourceDir, 'main.mjs'))} luau "$1"\n`,
  );
  chmodSync(wrapper, 0o755);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The same campaign, with a finding shrunk remotely, against each `serve --api` mode: the
// client detects the version, and on v2 every batch runs as an async exec job. The modes
// share one data directory, so the runner is uploaded once.
describe.each([
  ['v1', 'v1'],
  ['v2', 'v2'],
  ['both', 'v1'],
] as const)('runCampaign against `serve --api %s`', (mode, detected) => {
  it(`runs, finds and shrinks over API ${detected}`, async () => {
    const ws = await startEmbeddedWorkspace({ dataDir: join(root, 'ws'), api: mode });
    try {
      const urls = new Set<string>();
      const client = new WorkspaceClient({
        baseUrl: ws.baseUrl,
        apiKey: ws.apiKey,
        fetch: (input, init) => {
          urls.add(new URL(String(input)).pathname);
          return fetch(input, init);
        },
      });
      const dir = join(root, `campaign-${mode}`);
      const events: string[] = [];
      const summary = await runCampaign({
        dir,
        options: resolveCampaignOptions({
          count: 16,
          seed: 1,
          level: 'syntax',
          runtimes: [`command:${wrapper} {program}`],
          workers: 2,
          timeoutMs: 5000,
          batchSize: 8,
          shrinkFindings: 1,
          shrinkAttempts: 15,
          shrinkTimeMs: 60_000,
        }),
        target: { client, projectIds: ws.projectIds },
        onProjectEvent: (e) => events.push(e.type),
      });
      expect(await client.apiVersion()).toBe(detected);
      // v2 has async jobs: one resident runner takes every batch.
      expect(events.filter((t) => t === 'resident')).toHaveLength(detected === 'v2' ? 1 : 0);
      const exec = detected === 'v1' ? '/api/v1/project_exec' : '/api/v2/exec';
      expect(urls).toContain(exec);
      expect(
        [...urls].filter(
          (u) => u.startsWith(`/api/${detected === 'v1' ? 'v2' : 'v1'}/`) && u !== '/api/v1/ping',
        ),
      ).toEqual([]);
      expect(summary.done).toBe(16);
      const records = readFileSync(join(dir, 'results.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as ProgramRecord);
      expect(records.map((r) => r.i).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 16 }, (_, i) => i),
      );
      expect(summary.findingKinds.crash).toBeGreaterThan(0);
      const finding = summary.findings.find((f) => f.kind === 'crash');
      expect(finding?.shrunk.outcomes[0]?.signal).toBe('SIGSEGV');
      expect(finding!.shrunk.nodes).toBeLessThan(finding!.original.nodes);
    } finally {
      await ws.close();
    }
  });
});
