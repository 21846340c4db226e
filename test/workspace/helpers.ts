import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import {
  adminAddCollaborator,
  adminCreateAccount,
  startEmbeddedWorkspace,
  type EmbeddedWorkspace,
  type EmbeddedWorkspaceOptions,
} from '../../src/workspace/server/index.js';
import { required } from '../helpers/required.js';

/** A fresh temporary directory. */
export function tempDir(prefix = 'ws-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** An HTTP answer: status, headers and the parsed JSON body (or the raw text). */
export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown> | undefined;
}

/** Basic authentication header for a key. */
export function basic(key: string): string {
  return `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
}

/** POSTs a raw body to `{baseUrl}/api/v1/{op}`. */
export async function rawPost(
  baseUrl: string,
  op: string,
  body: string | Record<string, unknown> | undefined,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const isString = typeof body === 'string' || body === undefined;
  const res = await fetch(`${baseUrl}/api/v1/${op}`, {
    method: 'POST',
    headers: isString ? headers : { 'content-type': 'application/json', ...headers },
    body: isString ? (body ?? null) : JSON.stringify(body),
  });
  const text = await res.text();
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A running embedded workspace for a test file, with a second and a third account. */
export interface TestWorkspace extends EmbeddedWorkspace {
  dataDir: string;
  projectId: string;
  client: WorkspaceClient;
  /** POST with the owner's key. */
  post(
    op: string,
    body: string | Record<string, unknown> | undefined,
    headers?: Record<string, string>,
  ): Promise<RawAnswer>;
  /** A collaborator of `projectId` and a stranger (no access), with their clients. */
  collaborator: { accountId: string; apiKey: string; client: WorkspaceClient };
  stranger: { accountId: string; apiKey: string; client: WorkspaceClient };
  /** Stops the server and removes the data directory. */
  dispose(): Promise<void>;
}

/** Starts the embedded server on a temporary data directory. */
export async function startTestWorkspace(
  opts: Partial<EmbeddedWorkspaceOptions> = {},
): Promise<TestWorkspace> {
  const dataDir = opts.dataDir ?? tempDir();
  const collab = adminCreateAccount(dataDir, { name: 'collaborator' });
  const stranger = adminCreateAccount(dataDir, { name: 'stranger' });
  const ws = await startEmbeddedWorkspace({ ...opts, dataDir });
  const projectId = ws.projectIds[0] as string;
  adminAddCollaborator(dataDir, projectId, collab.accountId);
  const mk = (apiKey: string) => new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey, retries: 0 });
  return {
    ...ws,
    dataDir,
    projectId,
    client: mk(ws.apiKey),
    post: (op, body, headers = {}) =>
      rawPost(ws.baseUrl, op, body, { authorization: basic(ws.apiKey), ...headers }),
    collaborator: { ...collab, client: mk(collab.apiKey) },
    stranger: { ...stranger, client: mk(stranger.apiKey) },
    async dispose() {
      await ws.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Pids of processes whose command line contains `marker`. */
export function processesWith(marker: string): number[] {
  const out: number[] = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const cmd = readFileSync(`/proc/${e}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes(marker) && Number(e) !== process.pid) out.push(Number(e));
    } catch {
      // gone
    }
  }
  return out;
}

/** Waits until an async job has left `running`, and gives its final status. */
export async function jobEnded(
  client: WorkspaceClient,
  projectId: string,
  jobId: string,
): Promise<string> {
  for (;;) {
    const job = await client.getJob(projectId, jobId);
    if (job.status !== 'running') return job.status;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The network namespace of the test process (`net:[inode]`), to compare a command's with. */
export const hostNetns: string = readlinkSync('/proc/self/ns/net');

/** The command that prints the network namespace it runs in. */
export const netnsProbe = 'readlink /proc/self/ns/net';

/**
 * Whether this machine lets a process make a network namespace, probed by the test itself
 * (bubblewrap's `--unshare-net`, else `unshare -n` or `unshare -rn`) rather than read from
 * the server, so that a server that forgets to isolate cannot set its own expectation.
 * Required under CI, where `.ci/run` has run bubblewrap for real.
 *
 * @example
 * ```ts
 * expect((await exec(netnsProbe)).stdout.trim() !== hostNetns).toBe(canMakeNetns);
 * ```
 */
export const canMakeNetns: boolean = required(
  'a network namespace (bwrap --unshare-net, unshare -n or unshare -rn)',
  [
    ['bwrap', '--ro-bind', '/', '/', '--unshare-net', '--', 'true'],
    ['unshare', '-n', 'true'],
    ['unshare', '-rn', 'true'],
  ].some(
    ([cmd, ...args]) => spawnSync(cmd!, args, { stdio: 'ignore', timeout: 5000 }).status === 0,
  ),
);
