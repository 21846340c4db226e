import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GENERATOR_VERSION } from '../../src/arbitrary/index.js';
import { resolveCampaignOptions } from '../../src/campaign/options.js';
import type { ResolvedCampaignOptions } from '../../src/campaign/options.js';
import { campaignArbitrary, generatePrograms, sourcesOf } from '../../src/campaign/programs.js';
import {
  CampaignStore,
  CampaignStoreError,
  GeneratorVersionError,
} from '../../src/campaign/store.js';
import { printPretty } from '../../src/print/index.js';

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
const crash = { ...outcome, status: 'crash' as const, signal: 'SIGSEGV' };

/** Rewrites a campaign's options.json as another generator version would have left it. */
function recordedBy(dir: string, version: number | undefined): void {
  const path = join(dir, 'options.json');
  const o = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  if (version === undefined) delete o.generatorVersion;
  else o.generatorVersion = version;
  writeFileSync(path, JSON.stringify(o));
}

describe('CampaignStore', () => {
  it('records each program once and resumes with the rest pending', () => {
    const dir = tempDir();
    const store = CampaignStore.create(dir, resolveCampaignOptions({ count: 5, seed: 1 }));
    expect(store.record({ i: 0, outcomes: [outcome], nodes: 3, kinds: { Stat: 2 } })).toBe(true);
    expect(store.record({ i: 3, outcomes: [outcome], nodes: 3, kinds: { Stat: 1 } })).toBe(true);
    expect(store.record({ i: 3, outcomes: [outcome], nodes: 3 })).toBe(false);
    const resumed = CampaignStore.resume(dir);
    expect(resumed.options.seed).toBe(1);
    expect([...resumed.pending()]).toEqual([1, 2, 4]);
    expect(resumed.coverage()).toEqual({ Stat: 3 });
    expect(resumed.progress.sessions).toBe(2);
  });

  it('records a batch at once: each index once, its lines in order, findings with their trees', () => {
    const dir = tempDir();
    const o = resolveCampaignOptions({ count: 6, seed: 4, level: 'syntax' });
    const [p2] = generatePrograms(campaignArbitrary(o), o.seed, [2]);
    const store = CampaignStore.create(dir, o);
    store.record({ i: 0, outcomes: [outcome], nodes: 3 });
    const recorded = store.recordAll([
      { record: { i: 4, outcomes: [outcome], nodes: 5, kinds: { Stat: 2 } } },
      { record: { i: 0, outcomes: [outcome], nodes: 3 } },
      { record: { i: 2, outcomes: [crash], finding: 'crash', nodes: p2!.nodes }, tree: p2!.tree },
      { record: { i: 4, outcomes: [crash], finding: 'crash', nodes: 5 } },
    ]);
    expect(recorded.map((r) => r.i)).toEqual([4, 2]);
    expect(store.progress.done).toBe(3);
    const lines = readFileSync(join(dir, 'results.jsonl'), 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { i: number }).i)).toEqual([0, 4, 2]);
    expect(printPretty(store.tree(2)!)).toEqual(printPretty(p2!.tree));
    expect(store.coverage()).toEqual({ Stat: 2 });
    expect([...CampaignStore.resume(dir).pending()]).toEqual([1, 3, 5]);
  });

  it('hands the programs to record to beforeAppend before it counts them in results.jsonl', () => {
    const dir = tempDir();
    const store = CampaignStore.create(dir, resolveCampaignOptions({ count: 4, seed: 1 }));
    store.record({ i: 0, outcomes: [outcome], nodes: 3 });
    const seen: { given: number[]; lines: number }[] = [];
    store.recordAll(
      [
        { record: { i: 0, outcomes: [outcome], nodes: 3 } },
        { record: { i: 1, outcomes: [crash], finding: 'crash', nodes: 4 } },
        { record: { i: 2, outcomes: [outcome], nodes: 2 } },
      ],
      (taken) =>
        seen.push({
          given: taken.map((e) => e.record.i),
          lines: readFileSync(join(dir, 'results.jsonl'), 'utf8').split('\n').length - 1,
        }),
    );
    // Only the programs not recorded before, and none of them counted yet.
    expect(seen).toEqual([{ given: [1, 2], lines: 1 }]);
    expect(readFileSync(join(dir, 'results.jsonl'), 'utf8').split('\n')).toHaveLength(4);
  });

  it('drops a partial last line left by a killed campaign', () => {
    const dir = tempDir();
    const store = CampaignStore.create(dir, resolveCampaignOptions({ count: 3, seed: 1 }));
    store.record({ i: 1, outcomes: [outcome], nodes: 3 });
    appendFileSync(join(dir, 'results.jsonl'), '{"i":2,"outco');
    const resumed = CampaignStore.resume(dir);
    expect([...resumed.pending()]).toEqual([0, 2]);
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

  it('records the generator version, and refuses a campaign of another version naming both', () => {
    const dir = tempDir();
    const store = CampaignStore.create(dir, resolveCampaignOptions({ count: 3, seed: 1 }));
    store.record({ i: 0, outcomes: [outcome], nodes: 3 });
    const saved = JSON.parse(
      readFileSync(join(dir, 'options.json'), 'utf8'),
    ) as ResolvedCampaignOptions;
    expect(saved.generatorVersion).toBe(GENERATOR_VERSION);
    expect([...CampaignStore.resume(dir).pending()]).toEqual([1, 2]);

    recordedBy(dir, GENERATOR_VERSION + 1);
    const results = readFileSync(join(dir, 'results.jsonl'), 'utf8');
    const error = (() => {
      try {
        CampaignStore.resume(dir);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(GeneratorVersionError);
    expect((error as Error).message).toContain(
      `was recorded by generator version ${GENERATOR_VERSION + 1}, and this is generator version ${GENERATOR_VERSION}`,
    );
    expect((error as Error).message).toContain('--rederive');
    expect(() => CampaignStore.inspect(dir)).toThrow(GeneratorVersionError);
    // Refused without a change to the directory.
    expect(readFileSync(join(dir, 'results.jsonl'), 'utf8')).toBe(results);

    recordedBy(dir, undefined);
    expect(() => CampaignStore.resume(dir)).toThrow(
      /recorded by a generator without a version \(before versions were recorded\), and this is generator version/,
    );
  });

  it('records the tree of every finding, which decodes to the program that was printed', () => {
    const dir = tempDir();
    const o = resolveCampaignOptions({ count: 3, seed: 4, level: 'syntax' });
    const [p0, p1] = generatePrograms(campaignArbitrary(o), o.seed, [0, 1]);
    const store = CampaignStore.create(dir, o);
    store.record({ i: 0, outcomes: [outcome], nodes: p0!.nodes }, p0!.tree);
    store.record({ i: 1, outcomes: [crash], finding: 'crash', nodes: p1!.nodes }, p1!.tree);
    // Only findings keep their trees.
    expect(store.tree(0)).toBeUndefined();
    const tree = CampaignStore.resume(dir).tree(1)!;
    expect(printPretty(tree)).toEqual(printPretty(p1!.tree));
    expect(sourcesOf(tree).program).toBe(p1!.program);
  });

  it('with rederive, resumes another version: findings keep their trees, treeless ones run again', () => {
    const dir = tempDir();
    const o = resolveCampaignOptions({ count: 5, seed: 4, level: 'syntax' });
    const [p1] = generatePrograms(campaignArbitrary(o), o.seed, [1]);
    const store = CampaignStore.create(dir, o);
    store.record({ i: 0, outcomes: [outcome], nodes: 3 });
    store.record({ i: 1, outcomes: [crash], finding: 'crash', nodes: p1!.nodes }, p1!.tree);
    // A finding of a campaign recorded before trees were.
    store.record({ i: 2, outcomes: [crash], finding: 'crash', nodes: 9 });
    recordedBy(dir, undefined);

    const resumed = CampaignStore.resume(dir, { rederive: true });
    expect([...resumed.pending()]).toEqual([2, 3, 4]);
    expect(resumed.tree(1)).toBeDefined();
    expect(resumed.options.generatorVersion).toBe(GENERATOR_VERSION);
    expect(resumed.options.generatorChanges).toEqual([
      { from: null, to: GENERATOR_VERSION, programsDone: 2 },
    ]);
    resumed.record({ i: 3, outcomes: [outcome], nodes: 3 });
    expect(resumed.generatorVersionOf(1)).toBeNull();
    expect(resumed.generatorVersionOf(3)).toBe(GENERATOR_VERSION);

    // Recorded on disk: the next resume needs no --rederive and keeps the history.
    const again = CampaignStore.resume(dir);
    expect([...again.pending()]).toEqual([2, 4]);
    expect(again.generatorVersionOf(0)).toBeNull();
    expect(again.generatorVersionOf(3)).toBe(GENERATOR_VERSION);
    expect(again.options.generatorChanges).toHaveLength(1);
  });
});
