import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectError, connectWorkspace } from '../../src/cli/connect-workspace.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';

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
