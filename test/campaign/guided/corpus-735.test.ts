import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toBinary } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModuleSet } from '../../../gen/luau_pb.js';
import { luauArbitraries } from '../../../src/arbitrary/index.js';
import {
  Corpus,
  CorpusError,
  exportCorpus,
  runGuided,
  treeSeeds,
  treeSeedsOfGrammar,
} from '../../../src/campaign/guided/index.js';
import { sourcesOf } from '../../../src/campaign/programs.js';
import { mainOutput } from '../../helpers/cli-in-process.js';
import { decodeGrammarTree, encodeTree, grammar715, grammar735 } from '../../../src/tree/index.js';
import type { AnyGrammar } from '../../../src/tree/index.js';
import { compileErrors735, haveCompiler735 } from '../../helpers/luau-compile-735.js';
import { haveShared, needsShared, sharedDir } from '../../helpers/shared.js';

const root = mkdtempSync(join(tmpdir(), 'corpus-735-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Syntax-level trees of `grammar` that read as that grammar only (not as the other). */
function onlyOf(grammar: AnyGrammar, count: number, seed: number): ModuleSet[] {
  const other = grammar === grammar735 ? grammar715 : grammar735;
  const trees = fc.sample(
    luauArbitraries({ level: 'syntax', grammar: grammar.name, maxNodes: 80 }).moduleSet,
    { seed, numRuns: 200 },
  ) as ModuleSet[];
  return trees
    .filter((t) => {
      const text = encodeTree(grammar.moduleSet, t as never, 'textproto');
      try {
        decodeGrammarTree(Buffer.from(text), 'textproto', { grammar: other });
        return false;
      } catch {
        return true;
      }
    })
    .slice(0, count);
}

function treesFolder(name: string, trees: readonly ModuleSet[], grammar: AnyGrammar): string {
  const dir = join(root, name);
  mkdirSync(dir);
  trees.forEach((t, k) =>
    writeFileSync(
      join(dir, `${String(k).padStart(6, '0')}.txtpb`),
      encodeTree(grammar.moduleSet, t as never, 'textproto'),
    ),
  );
  return dir;
}

const trees735 = onlyOf(grammar735, 6, 4);
const trees715 = onlyOf(grammar715, 1, 5);

describe('corpora of grammar 735', () => {
  it('reads a folder of 735 trees as such, and exports them printed by its printer', async () => {
    // A first tree that reads as either grammar (none of 735's nodes, no call) does not
    // decide the folder's grammar.
    const both = fc
      .sample(luauArbitraries({ level: 'syntax', grammar: '735', maxNodes: 10 }).moduleSet, {
        seed: 1,
        numRuns: 200,
      })
      .find(
        (t) => !Buffer.from(encodeTree(grammar735.moduleSet, t, 'textproto')).includes('call'),
      )!;
    const dir = treesFolder('trees', [both as ModuleSet, ...trees735], grammar735);
    const { grammar, records } = treeSeedsOfGrammar(dir);
    expect(grammar).toBe(grammar735);
    expect(records).toHaveLength(7);
    const out = join(root, 'exported');
    expect(exportCorpus(dir, out)).toEqual({ entries: 7, unprintable: 0 });
    const sources = new Map<string, string>();
    trees735.forEach((t, k) => {
      const name = `${String(k + 1).padStart(6, '0')}`;
      const printed = readFileSync(join(out, `${name}.luau`), 'utf8');
      expect(printed).toBe(sourcesOf(t, grammar735).program);
      expect(readFileSync(join(out, `${name}.txtpb`), 'utf8')).toBe(
        Buffer.from(encodeTree(grammar735.moduleSet, t as never, 'textproto')).toString(),
      );
      sources.set(`${name}.luau`, printed);
    });
    expect([...sources.values()].some((s) => /\bclass\b/.test(s))).toBe(true);
    if (haveCompiler735) expect(compileErrors735(sources)).toEqual([]);
  });

  it('refuses a folder of trees that mixes grammars, naming the entry', async () => {
    const dir = treesFolder('mixed', trees735.slice(0, 2), grammar735);
    // The 715 tree, written in its own grammar, last.
    writeFileSync(
      join(dir, '000002.txtpb'),
      encodeTree(grammar715.moduleSet, trees715[0]!, 'textproto'),
    );
    const entry = join(dir, '000002.txtpb');
    expect(() => treeSeeds(dir)).toThrow(CorpusError);
    expect(() => treeSeeds(dir)).toThrow(`${entry}: not a tree of grammar 735 (`);
    expect(() => treeSeeds(dir)).toThrow(/it reads as a tree of grammar 715/);
    expect(() => treeSeeds(dir, grammar715)).toThrow(/000000\.txtpb: not a tree of grammar 715/);
    const refused = await mainOutput(['corpus', 'export', dir, '--out', join(root, 'no')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(entry);
    expect(readdirSync(root)).not.toContain('no');
  });

  it('keeps tree entries in the grammar of its generator options, and refuses an entry of another', () => {
    const dir = join(root, 'corpus');
    const corpus = Corpus.load(dir);
    corpus.claim({ level: 'syntax', grammar: '735', profile: 'luau' });
    for (const tree of trees735.slice(0, 3))
      corpus.add({
        record: { kind: 'tree', tree },
        origin: { kind: 'fresh', run: 0 },
        firstCounters: 1,
        keptAt: 0,
      });
    const again = Corpus.load(dir);
    expect(again.grammar).toBe(grammar735);
    expect(
      again.entries.map((e) => e.record.kind === 'tree' && sourcesOf(e.record.tree, grammar735)),
    ).toEqual(trees735.slice(0, 3).map((t) => sourcesOf(t, grammar735)));
    // An entry whose tree is of the seed's grammar.
    const file = join(dir, '000001.json');
    const entry = JSON.parse(readFileSync(file, 'utf8')) as { record: { tree: string } };
    entry.record.tree = Buffer.from(toBinary(grammar715.moduleSet, trees715[0]!)).toString(
      'base64',
    );
    writeFileSync(file, JSON.stringify(entry));
    expect(() => Corpus.load(dir)).toThrow(CorpusError);
    expect(() => Corpus.load(dir)).toThrow(`${file}: record.tree: not a tree of grammar 735 (`);
    expect(() => Corpus.load(dir)).toThrow(/reads as a tree of grammar 715/);
  });
});

const coverage735 = join(sharedDir, 'tools', 'luau-735-coverage', 'luau');

describe.skipIf(!haveShared)('a guided run of grammar 735', needsShared, () => {
  it('keeps 735 trees that reach new counters of the 0.735 coverage build, and refuses a 715 corpus', async () => {
    const generator = { level: 'syntax', grammar: '735', profile: 'luau' } as const;
    const coverage = { luau: coverage735, args: ['-O2', `--fflags=${grammar735.flags.join(',')}`] };
    const dir = join(root, 'guided');
    const { corpus } = await runGuided({
      generator,
      seed: 2,
      coverage,
      dir,
      programs: 0,
      corpora: [treesFolder('seeds', trees735, grammar735)],
    });
    expect(corpus.entries.length).toBeGreaterThan(0);
    expect(Corpus.load(dir).grammar).toBe(grammar735);
    await expect(
      runGuided({
        generator,
        seed: 2,
        coverage,
        dir: join(root, 'guided-715'),
        programs: 0,
        corpora: [treesFolder('seeds-715', trees715, grammar715)],
      }),
    ).rejects.toThrow(/seeds-715\/000000\.txtpb: not a tree of grammar 735/);
  }, 120_000);
});
