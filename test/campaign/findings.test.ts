import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  compareShrunk,
  findingHash,
  readFindings,
  saveFinding,
  updateShrunk,
} from '../../src/campaign/findings.js';
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

  it('saves a finding as found, and while it waits to be shrunk a smaller program represents it', () => {
    const [big, small] = [a!, b!, c!].sort((x, y) => y.nodes - x.nodes);
    expect(big!.nodes).toBeGreaterThan(small!.nodes);
    const first = saveFinding(dir, {
      ...common,
      original: { index: 7, outcomes: segv, nodes: big!.nodes, tree: big!.tree },
      pending: true,
    });
    expect(first.record.shrunk).toMatchObject({ shrunk: false, pending: true });
    const smaller = saveFinding(dir, {
      ...common,
      original: { index: 9, outcomes: segv, nodes: small!.nodes, tree: small!.tree },
      pending: true,
    }).record;
    expect(smaller.original).toMatchObject({ index: 9, nodes: small!.nodes });
    expect(smaller.occurrences.map((o) => o.index)).toEqual([9, 7]);
    expect(
      printPretty(
        decodeTree(
          ModuleSetSchema,
          readFileSync(join(dir, smaller.hash, 'original.binpb')),
          'binpb',
        ),
      ),
    ).toEqual(printPretty(small!.tree));
    // A larger one later is only counted.
    const larger = saveFinding(dir, {
      ...common,
      original: { index: 3, outcomes: segv, nodes: big!.nodes, tree: big!.tree },
      pending: true,
    }).record;
    expect(larger.original.index).toBe(9);
    expect(larger.occurrences.map((o) => o.index)).toEqual([9, 7, 3]);
    // Once shrunk, the representative stays, whatever comes.
    updateShrunk(join(dir, smaller.hash), small!.tree, {
      outcomes: segv,
      attempts: 1,
      timeMs: 1,
      reproduced: true,
    });
    const tiny = { ...small!, nodes: 1 };
    const after = saveFinding(dir, {
      ...common,
      original: { index: 1, outcomes: segv, nodes: tiny.nodes, tree: tiny.tree },
      pending: true,
    }).record;
    expect(after.original.index).toBe(9);
    expect(after.shrunk).toMatchObject({ shrunk: true });
    expect(after.shrunk.pending).toBeUndefined();
  });

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

describe('updateShrunk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-findings-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const programs = generatePrograms(arbitrary, seed, [...Array(60).keys()]);
  const chars = (p: (typeof programs)[number]): number =>
    p.program.length + (p.module?.length ?? 0);
  const bySize = [...programs].sort((x, y) => x.nodes - y.nodes || chars(x) - chars(y));
  const [small, , large] = [bySize[1]!, bySize[2]!, bySize[bySize.length - 1]!];
  // Two programs of as many messages, one printed shorter than the other.
  const tie = programs.flatMap((x) =>
    programs.filter((y) => y.nodes === x.nodes && chars(y) > chars(x)).map((y) => [x, y] as const),
  )[0]!;
  const shrunk = (attempts: number) => ({ outcomes: segv, attempts, timeMs: 1, reproduced: true });

  function saved(tree: (typeof programs)[number]): string {
    const { record } = saveFinding(dir, {
      ...common,
      original: { index: 0, outcomes: segv, nodes: large.nodes, tree: large.tree },
      shrunk: { tree: tree.tree, ...shrunk(5) },
    });
    return join(dir, record.hash);
  }

  it('keeps the shrunk program saved before when the new one has more messages', () => {
    const folder = saved(small);
    const before = readFileSync(join(folder, 'outcome.json'), 'utf8');
    expect(compareShrunk(folder, large.tree)).toMatchObject({
      smaller: false,
      saved: { nodes: small.nodes },
      candidate: { nodes: large.nodes },
    });
    const record = updateShrunk(folder, large.tree, shrunk(9));
    expect(record.shrunk).toMatchObject({ nodes: small.nodes, attempts: 5 });
    expect(readFileSync(join(folder, 'outcome.json'), 'utf8')).toBe(before);
    expect(readFileSync(join(folder, 'shrunk.luau'), 'utf8')).toBe(small.program);
  });

  it('replaces it with a smaller one: fewer messages, or as many printed shorter', () => {
    const folder = saved(large);
    expect(updateShrunk(folder, small.tree, shrunk(9)).shrunk).toMatchObject({
      nodes: small.nodes,
      attempts: 9,
    });
    expect(readFileSync(join(folder, 'shrunk.luau'), 'utf8')).toBe(small.program);
    const [shorter, longer] = tie;
    rmSync(dir, { recursive: true, force: true });
    const tied = saved(longer);
    expect(compareShrunk(tied, shorter.tree).smaller).toBe(true);
    expect(updateShrunk(tied, shorter.tree, shrunk(3)).shrunk.attempts).toBe(3);
    expect(compareShrunk(tied, longer.tree).smaller).toBe(false);
  });

  it('takes any program for a finding not shrunk before', () => {
    const { record } = saveFinding(dir, {
      ...common,
      original: { index: 0, outcomes: segv, nodes: small.nodes, tree: small.tree },
    });
    const folder = join(dir, record.hash);
    expect(compareShrunk(folder, large.tree)).toEqual({
      smaller: true,
      candidate: { nodes: large.nodes, chars: chars(large) },
    });
    expect(updateShrunk(folder, large.tree, shrunk(4)).shrunk).toMatchObject({ shrunk: true });
  });
});
