import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findingHash, readFindings, saveFinding } from '../../src/campaign/findings.js';
import { GENERATOR_VERSION } from '../../src/arbitrary/index.js';
import { campaignArbitrary, generatePrograms } from '../../src/campaign/programs.js';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { printPretty } from '../../src/print/index.js';
import { decodeTree } from '../../src/tree/index.js';
import type { ProgramOutcome } from '../../src/runtime/outcome.js';

const arbitrary = campaignArbitrary({ level: 'syntax', profile: 'luau-web', maxNodes: null });
const seed = 5;
const [a, b, c] = generatePrograms(arbitrary, seed, [0, 1, 2]);
const segv: ProgramOutcome[] = [
  { id: '0', status: 'crash', signal: 'SIGSEGV', outputHash: 'h', output: '', timeMs: 1 },
];
const common = {
  kind: 'crash' as const,
  signature: 'crash · luau-web · SIGSEGV',
  seed,
  level: 'syntax',
  profile: 'luau-web',
  maxNodes: null,
  generatorVersion: GENERATOR_VERSION,
  runtimes: ['luau-web'],
};

describe('saveFinding', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-findings-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('saves a group under its signature, with every occurrence counted', () => {
    const { record, created } = saveFinding(dir, {
      ...common,
      original: { index: 0, outcomes: segv, nodes: a!.nodes, tree: a!.tree },
      others: [{ index: 1, outcomes: segv, nodes: b!.nodes }],
      shrunk: { tree: c!.tree, outcomes: segv, attempts: 7, timeMs: 5, reproduced: true },
    });
    expect(created).toBe(true);
    expect(record.hash).toBe(findingHash(common.signature));
    expect(record.occurrences.map((o) => o.index)).toEqual([0, 1]);
    expect(record.groups).toEqual([
      { runtimes: ['luau-web'], status: 'crash', signal: 'SIGSEGV', outputHash: 'h', output: '' },
    ]);
    expect(record.shrunk).toMatchObject({ shrunk: true, attempts: 7, nodes: c!.nodes });
    expect(readdirSync(join(dir, record.hash)).sort()).toEqual(
      expect.arrayContaining([
        'original.binpb',
        'original.luau',
        'original.textproto',
        'outcome.json',
        'shrunk.binpb',
        'shrunk.luau',
        'shrunk.textproto',
      ]),
    );
  });

  it('adds the programs of a signature saved before to its occurrences', () => {
    saveFinding(dir, {
      ...common,
      original: { index: 0, outcomes: segv, nodes: a!.nodes, tree: a!.tree },
    });
    const again = saveFinding(dir, {
      ...common,
      original: { index: 2, outcomes: segv, nodes: c!.nodes, tree: c!.tree },
      others: [{ index: 0, outcomes: segv, nodes: a!.nodes }],
    });
    expect(again.created).toBe(false);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(readFindings(dir)[0]!.occurrences.map((o) => o.index)).toEqual([0, 2]);
  });

  it('writes no shrunk files for a finding that was not shrunk', () => {
    const { record } = saveFinding(dir, {
      ...common,
      original: { index: 1, outcomes: segv, nodes: b!.nodes, tree: b!.tree },
    });
    expect(record.shrunk).toMatchObject({ shrunk: false, attempts: 0, nodes: b!.nodes });
    expect(existsSync(join(dir, record.hash, 'original.luau'))).toBe(true);
    expect(existsSync(join(dir, record.hash, 'shrunk.luau'))).toBe(false);
    expect(existsSync(join(dir, record.hash, 'shrunk.binpb'))).toBe(false);
  });

  it('carries the tree bytes of the program, which decode to its printed source, and the generator version', () => {
    const { record } = saveFinding(dir, {
      ...common,
      original: { index: 2, outcomes: segv, nodes: c!.nodes, tree: c!.tree },
    });
    expect(record.generatorVersion).toBe(GENERATOR_VERSION);
    const folder = join(dir, record.hash);
    const tree = decodeTree(ModuleSetSchema, readFileSync(join(folder, 'original.binpb')), 'binpb');
    const printed = printPretty(tree);
    expect(readFileSync(join(folder, 'original.luau'), 'utf8')).toBe(printed[printed.length - 1]);
    expect(printed).toEqual(printPretty(c!.tree));
  });
});
