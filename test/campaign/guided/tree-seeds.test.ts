import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../../gen/luau_pb.js';
import { programRecords, type LuauArbitraryOptions } from '../../../src/arbitrary/index.js';
import {
  corpusFolder,
  CorpusError,
  runGuided,
  treeSeeds,
} from '../../../src/campaign/guided/index.js';
import { encodeTree } from '../../../src/tree/index.js';
import { coverageBuildDir, haveCoverageBuild } from '../../helpers/coverage-build.js';
import { needsShared } from '../../helpers/shared.js';

const root = mkdtempSync(join(tmpdir(), 'tree-seeds-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const scoped: LuauArbitraryOptions = { level: 'scoped', profile: 'luau' };

/** A folder of `count` text-format trees of the scoped level, as `corpus export` writes them. */
function treesFolder(name: string, count: number): string {
  const dir = join(root, name);
  mkdirSync(dir);
  const records = programRecords(scoped);
  for (let run = 0; run < count; run++)
    writeFileSync(
      join(dir, `${String(run).padStart(6, '0')}.txtpb`),
      encodeTree(ModuleSetSchema, records.build(records.ofRun(11, run)), 'textproto'),
    );
  return dir;
}

describe('text-format trees as seeds', () => {
  it('reads a folder of .txtpb trees in name order, and names a file that does not read', () => {
    const dir = treesFolder('trees', 3);
    expect(corpusFolder(dir)).toBe(dir);
    const records = programRecords(scoped);
    expect(treeSeeds(dir)).toEqual(
      [0, 1, 2].map((run) => ({ kind: 'tree', tree: records.build(records.ofRun(11, run)) })),
    );
    writeFileSync(join(dir, '000009.txtpb'), 'chunk { nonsense');
    expect(() => treeSeeds(dir)).toThrow(CorpusError);
    expect(() => treeSeeds(dir)).toThrow(/000009\.txtpb/);
    mkdirSync(join(root, 'nothing'));
    expect(() => corpusFolder(join(root, 'nothing'))).toThrow(/no \.txtpb trees/);
  });
});

describe.skipIf(!haveCoverageBuild)('a guided run seeded with trees', needsShared, () => {
  const options = (dir: string, generator: LuauArbitraryOptions, seeds: string[]) => ({
    generator,
    seed: 2,
    coverage: { luau: join(coverageBuildDir, 'luau'), args: ['-O2'] },
    dir: join(root, dir),
    programs: 0,
    corpora: seeds,
  });

  it('keeps the trees that reach new counters as tree entries', async () => {
    const trees = treesFolder('seeds', 6);
    const { corpus, progress } = await runGuided(options('seeded', scoped, [trees]));
    expect(corpus.entries.length).toBeGreaterThan(0);
    expect(corpus.entries.every((e) => e.record.kind === 'tree')).toBe(true);
    expect(progress.counters).toBeGreaterThan(0);
  }, 60_000);

  it('refuses trees at a level built from choices, naming the folder', async () => {
    const trees = treesFolder('for-runnable', 1);
    await expect(
      runGuided(options('runnable', { level: 'runnable', profile: 'luau' }, [trees])),
    ).rejects.toThrow(/for-runnable: text-format trees seed the levels built from trees/);
  }, 60_000);
});
