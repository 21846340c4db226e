import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveCampaignOptions } from '../../src/campaign/options.js';
import { CampaignStore, CampaignStoreError } from '../../src/campaign/store.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'luau-fuzz-store-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const outcome = { id: '0', status: 'ok' as const, outputHash: 'h', output: '', timeMs: 1 };

describe('CampaignStore', () => {
  it('records each program once and resumes with the rest pending', () => {
    const dir = tempDir();
    const store = CampaignStore.create(dir, resolveCampaignOptions({ count: 5, seed: 1 }));
    expect(store.record({ i: 0, outcomes: [outcome], nodes: 3, kinds: { Stat: 2 } })).toBe(true);
    expect(store.record({ i: 3, outcomes: [outcome], nodes: 3, kinds: { Stat: 1 } })).toBe(true);
    expect(store.record({ i: 3, outcomes: [outcome], nodes: 3 })).toBe(false);
    const resumed = CampaignStore.resume(dir);
    expect(resumed.options.seed).toBe(1);
    expect(resumed.pending()).toEqual([1, 2, 4]);
    expect(resumed.coverage()).toEqual({ Stat: 3 });
    expect(resumed.progress.sessions).toBe(2);
  });

  it('drops a partial last line left by a killed campaign', () => {
    const dir = tempDir();
    const store = CampaignStore.create(dir, resolveCampaignOptions({ count: 3, seed: 1 }));
    store.record({ i: 1, outcomes: [outcome], nodes: 3 });
    appendFileSync(join(dir, 'results.jsonl'), '{"i":2,"outco');
    const resumed = CampaignStore.resume(dir);
    expect(resumed.pending()).toEqual([0, 2]);
    expect(readFileSync(join(dir, 'results.jsonl'), 'utf8').endsWith('}\n')).toBe(true);
  });

  it('refuses to start over an existing campaign, and to resume a directory without one', () => {
    const dir = tempDir();
    CampaignStore.create(dir, resolveCampaignOptions({ count: 1 }));
    expect(() => CampaignStore.create(dir, resolveCampaignOptions({ count: 1 }))).toThrow(
      CampaignStoreError,
    );
    expect(() => CampaignStore.resume(tempDir())).toThrow(/no campaign/);
  });
});
