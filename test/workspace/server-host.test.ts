import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';

describe('startEmbeddedWorkspace', () => {
  it('listens on the address given as host instead of 127.0.0.1', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'luau-fuzz-host-'));
    // Another loopback address: present on Linux without configuration.
    const ws = await startEmbeddedWorkspace({ dataDir, host: '127.0.0.2' });
    try {
      expect(new URL(ws.baseUrl).hostname).toBe('127.0.0.2');
      const client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
      expect((await client.ping()).event).toBe('pong');
      const loopback = new WorkspaceClient({
        baseUrl: ws.baseUrl.replace('127.0.0.2', '127.0.0.1'),
        apiKey: ws.apiKey,
        retries: 0,
      });
      await expect(loopback.ping()).rejects.toThrow();
    } finally {
      await ws.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
