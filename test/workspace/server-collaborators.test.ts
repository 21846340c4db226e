import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSetAllowance, LOCAL_ALLOWANCE } from '../../src/workspace/server/index.js';
import { basic, startTestWorkspace, type TestWorkspace } from './helpers.js';

let ws: TestWorkspace;
beforeAll(async () => {
  ws = await startTestWorkspace({ projects: 2 });
});
afterAll(async () => {
  await ws.dispose();
});

/** Sets `users` of a project with the given key; returns the error, or undefined. */
async function setUsers(
  key: string,
  users: Record<string, unknown>,
  projectId = ws.projectId,
): Promise<string | undefined> {
  const r = await ws.post(
    'query',
    { query: { projects: { project_id: projectId, users } } },
    { authorization: basic(key) },
  );
  expect(r.status).toBe(200);
  return r.json?.event === 'error' ? String(r.json.error) : undefined;
}

describe('projects.users set', () => {
  it('lets only the owner change groups: a collaborator cannot make itself owner or add users', async () => {
    const me = ws.collaborator.accountId;
    expect(await setUsers(ws.collaborator.apiKey, { [me]: { group: 'owner' } })).toMatch(
      /^only the project's owner can change projects\.users\..*\.group/,
    );
    expect(
      await setUsers(ws.collaborator.apiKey, {
        [ws.stranger.accountId]: { group: 'collaborator' },
      }),
    ).toMatch(/^only the project's owner/);
    const p = await ws.client.getProject(ws.projectId);
    expect(p.users?.[me]?.group).toBe('collaborator');
    expect(p.users?.[ws.stranger.accountId]).toBeUndefined();
  });

  it('refuses ids that name no account', async () => {
    const ghost = randomUUID();
    expect(await setUsers(ws.apiKey, { [ghost]: { group: 'collaborator' } })).toBe(
      `projects.users key '${ghost}' names no account`,
    );
  });

  it('lets a user change only their own upgrades', async () => {
    expect(
      await setUsers(ws.apiKey, { [ws.collaborator.accountId]: { upgrades: { memory: 100 } } }),
    ).toBe(`user '${ws.accountId}' tried to change user '${ws.collaborator.accountId}' allocation`);
  });

  it('grants upgrades only from the account’s allowance, summed over its projects', async () => {
    const me = ws.collaborator.accountId;
    const key = ws.collaborator.apiKey;
    // No allowance yet: nothing to grant, neither amounts nor the network switch.
    expect(await setUsers(key, { [me]: { upgrades: { memory: 1e9 } } })).toMatch(
      /upgrades\.memory: 1000000000 is more than your account can grant \(allowance 0/,
    );
    expect(await setUsers(key, { [me]: { upgrades: { network: 1 } } })).toMatch(
      /allowance does not include network/,
    );
    expect(await setUsers(key, { [me]: { upgrades: { disk_quota: 1e12 } } })).toMatch(
      /disk_quota: 1000000000000 is more than/,
    );
    adminSetAllowance(ws.dataDir, me, { memory: 500 });
    expect(await setUsers(key, { [me]: { upgrades: { memory: 300 } } })).toBeUndefined();
    const p = await ws.client.getProject(ws.projectId);
    expect(p.users?.[me]?.upgrades?.memory).toBe(300);
    // The owner's own allowance is the local one; beyond it is refused too.
    expect(
      await setUsers(ws.apiKey, {
        [ws.accountId]: { upgrades: { memory: LOCAL_ALLOWANCE.memory + 1 } },
      }),
    ).toMatch(/is more than your account can grant/);
    // Another project of the owner, with the collaborator added: 300 are used already.
    const other = ws.projectIds[1] as string;
    expect(await setUsers(ws.apiKey, { [me]: { group: 'collaborator' } }, other)).toBeUndefined();
    expect(await setUsers(key, { [me]: { upgrades: { memory: 201 } } }, other)).toMatch(
      /201 is more than your account can grant \(allowance 500, 300 given to your other projects\)/,
    );
    expect(await setUsers(key, { [me]: { upgrades: { memory: 200 } } }, other)).toBeUndefined();
  });

  it('lets a collaborator hide the project for itself', async () => {
    const me = ws.collaborator.accountId;
    expect(await setUsers(ws.collaborator.apiKey, { [me]: { hide: true } })).toBeUndefined();
  });
});
