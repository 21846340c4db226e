import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWorkspace } from '../../src/cli/connect-workspace.js';
import { ConfigurationError, WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';

describe('connectWorkspace on API v2', () => {
  let root: string;
  let ws: EmbeddedWorkspace;
  let client: WorkspaceClient;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'luau-fuzz-connect-v2-'));
    ws = await startEmbeddedWorkspace({ dataDir: join(root, 'ws'), projects: 2, api: 'v2' });
    client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
    await client.setProjectTitle(ws.projectIds[1]!, 'fuzz');
  });
  afterAll(async () => {
    await ws.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('finds projects by title with projects_all and starts them with projects/start', async () => {
    await client.stopProject(ws.projectIds[1]!);
    const connected = await connectWorkspace({
      url: ws.baseUrl,
      apiKey: ws.apiKey,
      projectTitles: ['fuzz'],
      env: {},
    });
    expect(await connected.target.client.apiVersion()).toBe('v2');
    expect(connected.target.projectIds).toEqual([ws.projectIds[1]!]);
    const state = await client.query<{ projects: { state: { state: string } } }>({
      projects: { project_id: ws.projectIds[1]!, state: null },
    });
    expect(state.query.projects.state.state).toBe('running');
  });

  it('takes the version from --api or WORKSPACE_API, and says so when it is wrong', async () => {
    const forced = await connectWorkspace({
      url: ws.baseUrl,
      apiKey: ws.apiKey,
      projectIds: [ws.projectIds[0]!],
      env: { WORKSPACE_API: 'v2' },
    });
    expect(await forced.target.client.apiVersion()).toBe('v2');
    await expect(
      connectWorkspace({ url: ws.baseUrl, apiKey: ws.apiKey, env: { WORKSPACE_API: 'v9' } }),
    ).rejects.toThrow(ConfigurationError);
  });
});
