import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectError, connectWorkspace } from '../../src/cli/connect-workspace.js';
import { packageRoot } from '../../src/package-root.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';

const execFileAsync = promisify(execFile);

describe('connectWorkspace', () => {
  let root: string;
  let ws: EmbeddedWorkspace;
  let client: WorkspaceClient;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'luau-fuzz-connect-'));
    ws = await startEmbeddedWorkspace({ dataDir: join(root, 'ws'), projects: 3 });
    client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
    await client.setProjectTitle(ws.projectIds[1]!, 'fuzz');
    await client.setProjectTitle(ws.projectIds[2]!, 'fuzz');
  });
  afterAll(async () => {
    await ws.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('finds projects by title on a service given by URL, and starts stopped ones', async () => {
    await client.stopProject(ws.projectIds[2]!);
    const connected = await connectWorkspace({
      url: ws.baseUrl,
      apiKey: ws.apiKey,
      projectTitles: ['fuzz'],
      env: {},
    });
    expect(connected.embedded).toBe(false);
    expect([...connected.target.projectIds].sort()).toEqual(
      [ws.projectIds[1]!, ws.projectIds[2]!].sort(),
    );
    const state = await client.query<{ projects: { state: { state: string } } }>({
      projects: { project_id: ws.projectIds[2]!, state: null },
    });
    expect(['running', 'starting']).toContain(state.query.projects.state.state);
    await connected.close();
  });

  it('says what is missing', async () => {
    await expect(connectWorkspace({ url: ws.baseUrl, env: {} })).rejects.toThrow(ConnectError);
    await expect(connectWorkspace({ url: ws.baseUrl, apiKey: ws.apiKey, env: {} })).rejects.toThrow(
      /--project/,
    );
    await expect(
      connectWorkspace({ url: ws.baseUrl, apiKey: ws.apiKey, projectTitles: ['nope'], env: {} }),
    ).rejects.toThrow(/no project titled 'nope'/);
  });

  it('starts the embedded workspace when no service is given', async () => {
    const connected = await connectWorkspace({
      env: {},
      workspaceDir: join(root, 'embedded'),
      embeddedProjects: 2,
    });
    try {
      expect(connected.embedded).toBe(true);
      expect(connected.target.projectIds).toHaveLength(2);
      expect((await connected.target.client.ping()).event).toBe('pong');
    } finally {
      await connected.close();
    }
  });

  it('starts the embedded workspace showing the runtimes it is given, and says so', async () => {
    const connected = await connectWorkspace({
      workspaceDir: join(root, 'embedded'),
      runtimes: ['luau-web', 'luau-cli:-O2:path=/tmp/some-build/luau'],
      env: {},
    });
    try {
      expect(connected.embedded).toBe(true);
      // Sandboxed: it says which paths the sandbox shows; without bubblewrap: a warning.
      const warnings = connected.notices.filter((n) => n.startsWith('warning: '));
      if (warnings.length === 0)
        expect(connected.notices).toEqual([
          "the projects' sandbox shows the runtimes' /tmp/some-build read-only",
        ]);
      else expect(warnings.join('\n')).toMatch(/bubblewrap/);
    } finally {
      await connected.close();
    }
  });

  it('names --workspace-dir when it is a file, before starting anything', async () => {
    await expect(
      connectWorkspace({ workspaceDir: join(root, 'ws', 'api-key'), env: {} }),
    ).rejects.toThrow(`--workspace-dir ${join(root, 'ws', 'api-key')}: not a directory`);
  });
});

describe('campaigns at once on one machine', () => {
  const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-concurrent-'));
  const env = { XDG_DATA_HOME: join(root, 'xdg') };
  const base = join(root, 'xdg', 'luau-fuzz', 'workspace');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('each start a server on a per-user data directory no other one uses, and say which', async () => {
    const [a, b] = await Promise.all([connectWorkspace({ env }), connectWorkspace({ env })]);
    try {
      expect(new Set([a.dataDir, b.dataDir])).toEqual(new Set([base, `${base}-2`]));
      const second = a.dataDir === base ? b : a;
      expect(second.notices[0]).toMatch(
        new RegExp(
          `^${base} is in use by another workspace server \\(pid \\d+\\): this one uses ${base}-2$`,
        ),
      );
      await a.close();
      // The other campaign's server runs on.
      expect((await b.target.client.ping()).event).toBe('pong');
      const again = await connectWorkspace({ env });
      try {
        expect(again.dataDir).toBe(a.dataDir);
      } finally {
        await again.close();
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('refuses a --workspace-dir in use, naming --workspace-dir', async () => {
    const dir = join(root, 'given');
    const a = await connectWorkspace({ env, workspaceDir: dir });
    try {
      const refused = connectWorkspace({ env, workspaceDir: dir });
      await expect(refused).rejects.toThrow(ConnectError);
      await expect(refused).rejects.toThrow(
        new RegExp(
          `^--workspace-dir ${dir} is in use by another workspace server \\(pid \\d+\\): stop it, or leave out --workspace-dir`,
        ),
      );
    } finally {
      await a.close();
    }
  });

  it('two `luau-fuzz run` at once both finish their campaigns', async () => {
    const run = (out: string) =>
      execFileAsync(
        process.execPath,
        [
          '--import',
          'tsx',
          join(packageRoot, 'src', 'cli', 'main.ts'),
          'run',
          '--count',
          '6',
          '--seed',
          '1',
          '--json',
          '--no-fail-on-findings',
          '--out',
          join(root, out),
        ],
        { cwd: packageRoot, env: { ...process.env, ...env } },
      ).then(
        (r) => ({ code: 0, ...r }),
        (e: { code: number; stdout: string; stderr: string }) => e,
      );
    const results = await Promise.all([run('c1'), run('c2')]);
    for (const r of results) {
      expect(r.stderr).not.toMatch(/--data/);
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as { done: number }).done).toBe(6);
    }
  });
});
