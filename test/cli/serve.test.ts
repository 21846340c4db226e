import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import { mainOutput } from '../helpers/cli-in-process.js';
import { tempDir } from '../workspace/helpers.js';

const MAIN = join(packageRoot, 'src', 'cli', 'main.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Runs `luau-fuzz serve --api MODE` and resolves to a client of it once it listens. */
function serve(api: string): Promise<{ client: WorkspaceClient; banner: string }> {
  const dataDir = tempDir('luau-fuzz-serve-api-');
  dirs.push(dataDir);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', MAIN, 'serve', '--data', dataDir, '--port', '0', '--api', api],
    { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr?.on('data', (b: Buffer) => (err += b.toString()));
    child.stdout?.on('data', (b: Buffer) => {
      out += b.toString();
      const url = /listening on (\S+)/.exec(out);
      const key = /API key file: (\S+)/.exec(out);
      if (url && key) {
        const apiKey = readFileSync(key[1] as string, 'utf8').trim();
        resolve({
          client: new WorkspaceClient({ baseUrl: url[1] as string, apiKey }),
          banner: out,
        });
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${err}`)));
  });
}

describe('serveCommand', () => {
  it('serves the API versions --api names, which clients detect', async () => {
    const [v1, v2, both] = await Promise.all([serve('v1'), serve('v2'), serve('both')]);
    expect(v1.banner).toContain('(API v1)');
    expect(both.banner).toContain('(API v1 and v2)');
    expect(await v1.client.apiVersion()).toBe('v1');
    expect(await v2.client.apiVersion()).toBe('v2');
    expect(await both.client.apiVersion()).toBe('v1');
    expect((await v2.client.ping()).event).toBe('pong');
  });

  it('refuses a data directory another server uses, naming its process and --data', async () => {
    const dataDir = tempDir('luau-fuzz-serve-busy-');
    dirs.push(dataDir);
    const ws = await startEmbeddedWorkspace({ dataDir });
    try {
      const r = await mainOutput(['serve', '--data', dataDir, '--port', '0']);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(
        `luau-fuzz: another workspace server (pid ${process.pid}) is using ${dataDir}: stop it, or serve another directory with --data DIR\n`,
      );
    } finally {
      await ws.close();
    }
  });

  it('refuses an unknown version', async () => {
    await expect(serve('v3')).rejects.toThrow(
      /argument 'v3' is invalid. Allowed choices are v1, v2, both/,
    );
  });
});
