import { clone, create } from '@bufbuild/protobuf';
import { toText } from '@bufbuild/protobuf/txtpb';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ExprConstantNumberSchema,
  ExprSchema,
  ModuleSetSchema,
  type Expr,
  type ModuleSet,
} from '../../gen/luau_pb.js';
import { luauArbitraries, validityLevels } from '../../src/arbitrary/index.js';
import {
  NESTING_LIMIT,
  PrintError,
  printCompat,
  printPretty,
  type PrettyOptions,
} from '../../src/print/index.js';
import { treeStats, walkTree } from '../../src/tree/index.js';
import { LuauWorker, type LuauResult } from './helpers/luau-worker.js';

/** Trees per level in the parse property (the figure). */
const TREES_PER_LEVEL = 10_000;
/** The fixed seed of the suite; `LUAU_FUZZ_SEED` adds more trees from another. */
const SEED = 20_260_715;
const FRESH_TREES = 1_000;

const luau = new LuauWorker();
afterAll(() => luau.close());

const MARKER_BASE = 1_987_600_000;
const INT64_MIN = -(2n ** 63n);

/**
 * luau-web predates integer literals (`5i`). A tree that has them is checked through a copy
 * whose integers are unique number markers: that copy must compile, and the original source
 * must be the copy's source with each marker put back as its integer literal (`<digits>i`,
 * negatives as unary minus) — so the two differ only in tokens of Luau's integer grammar.
 */
function withoutIntegers(
  tree: ModuleSet,
): { copy: ModuleSet; literals: Map<string, string> } | undefined {
  const literals = new Map<string, string>();
  const copy = clone(ModuleSetSchema, tree);
  walkTree(ModuleSetSchema, copy, (node) => {
    if (node.desc.typeName !== 'luau.Expr') return;
    const e = node.message as Expr;
    if (e.exprOneof.case !== 'integer') return;
    const v = e.exprOneof.value.val;
    const marker = MARKER_BASE + literals.size;
    const number = (val: number) => create(ExprConstantNumberSchema, { val });
    if (v === INT64_MIN) {
      literals.set(String(marker), '-9223372036854775807i - 1i');
      const inner = create(ExprSchema, { exprOneof: { case: 'number', value: number(marker) } });
      e.exprOneof = { case: 'group', value: { $typeName: 'luau.ExprGroup', expr: inner } };
    } else {
      literals.set(String(marker), (v < 0n ? -v : v).toString() + 'i');
      e.exprOneof = { case: 'number', value: number(v < 0n ? -marker : marker) };
    }
  });
  return literals.size === 0 ? undefined : { copy, literals };
}

interface Checked {
  tree: ModuleSet;
  /** Whether the tree has integer literals (checked through its integer-free copy). */
  integers: boolean;
  sources: string[];
  /** What is compiled: the sources, or those of the integer-free copy. */
  compiled: string[];
  problem?: string;
}

function prepare(tree: ModuleSet, options: PrettyOptions = {}): Checked {
  let sources: string[];
  try {
    sources = printPretty(tree, options);
  } catch (e) {
    if (!(e instanceof PrintError)) throw e;
    // Refusing is only right for trees nested past the parser's limit.
    const { depth } = treeStats(ModuleSetSchema, tree);
    const problem =
      depth > NESTING_LIMIT ? undefined : `refused a tree of depth ${depth}: ${e.message}`;
    return {
      tree,
      integers: false,
      sources: [],
      compiled: [],
      ...(problem === undefined ? {} : { problem }),
    };
  }
  // One statement per line: no trailing whitespace, a final newline.
  for (const source of sources) {
    if (/[ \t]$/m.test(source) || (source !== '' && !source.endsWith('\n'))) {
      return { tree, integers: false, sources, compiled: [], problem: `layout:\n${source}` };
    }
  }
  const swapped = withoutIntegers(tree);
  if (swapped === undefined) return { tree, integers: false, sources, compiled: sources };
  const compiled = printPretty(swapped.copy, options);
  for (let i = 0; i < sources.length; i++) {
    const restored = compiled[i]!.replace(/1987\d{6}/g, (m) => swapped.literals.get(m) ?? m);
    if (restored !== sources[i]) {
      return {
        tree,
        integers: true,
        sources,
        compiled,
        problem: 'integer literals differ from the grammar',
      };
    }
  }
  return { tree, integers: true, sources, compiled };
}

/** luau-web reads an empty source as missing ("none"): an empty program is compiled as a newline. */
const forLuauWeb = (source: string): string => (source === '' ? '\n' : source);

async function check(
  trees: ModuleSet[],
  options: PrettyOptions = {},
): Promise<{ bad: Checked[]; integers: number }> {
  const checked = trees.map((tree) => prepare(tree, options));
  const flat = checked.flatMap((c) => c.compiled.map(forLuauWeb));
  const results: LuauResult[] = await luau.process(flat);
  let at = 0;
  for (const c of checked) {
    for (let i = 0; i < c.compiled.length; i++) {
      const r = results[at++]!;
      const message = r.error ?? r.abort;
      if (message !== undefined) c.problem ??= `${message}\n--- source ---\n${c.compiled[i]}`;
    }
  }
  return {
    bad: checked.filter((c) => c.problem !== undefined),
    integers: checked.filter((c) => c.integers).length,
  };
}

/**
 * The failure report: how many trees failed with which seed, and the smallest failing tree
 * that fast-check shrinks to from the same seed (so it can be reproduced and read).
 */
async function report(
  level: string,
  arb: fc.Arbitrary<ModuleSet>,
  seed: number,
  numRuns: number,
  bad: Checked[],
): Promise<string> {
  const run = await fc.check(
    fc.asyncProperty(arb, async (tree) => (await check([tree])).bad.length === 0),
    { seed, numRuns },
  );
  const smallest = run.counterexample?.[0] ?? bad[0]!.tree;
  const [shown] = (await check([smallest])).bad;
  return (
    `${bad.length} ${level}-level trees printed unparsable source (seed ${seed}); smallest:\n` +
    `${shown?.problem ?? bad[0]!.problem}\n--- tree ---\n${toText(ModuleSetSchema, smallest)}`
  );
}

describe('printCompat', () => {
  it('never throws, whatever the schema-level tree', () => {
    const { moduleSet } = luauArbitraries({ level: 'schema' });
    fc.assert(
      fc.property(moduleSet, (tree) => {
        for (const types of [true, false]) {
          const sources = printCompat(tree, { types });
          expect(sources).toHaveLength(tree.module === undefined ? 1 : 2);
        }
      }),
      { seed: SEED, numRuns: 2_000 },
    );
  });
});

describe('printPretty', () => {
  for (const level of validityLevels) {
    // Runnable and typed trees are about 18 times larger than scoped ones: a tenth as many
    // still prints more nodes.
    const count =
      level === 'runnable' || level === 'typed' ? TREES_PER_LEVEL / 10 : TREES_PER_LEVEL;
    const freshCount = level === 'runnable' || level === 'typed' ? FRESH_TREES / 5 : FRESH_TREES;
    it(`prints source that luau-web compiles for ${count} ${level}-level trees`, async () => {
      const { moduleSet } = luauArbitraries({ level });
      const fixed = fc.sample(moduleSet, { seed: SEED, numRuns: count });
      const { bad, integers } = await check(fixed);
      if (bad.length > 0) expect(await report(level, moduleSet, SEED, count, bad)).toBe('');
      // The schema level draws integer literals: their path is exercised.
      if (level === 'schema') expect(integers).toBeGreaterThan(0);
      // Fixed seeds; `LUAU_FUZZ_SEED` adds another for an extra run.
      const extra = process.env['LUAU_FUZZ_SEED'];
      if (extra) {
        const fresh = Number(extra);
        const more = fc.sample(moduleSet, { seed: fresh, numRuns: freshCount });
        const { bad: badFresh } = await check(more);
        if (badFresh.length > 0) {
          expect(await report(level, moduleSet, fresh, freshCount, badFresh)).toBe('');
        }
      }
    });
  }

  it('prints source that compiles without annotations and with tab indentation', async () => {
    const { moduleSet } = luauArbitraries({ level: 'schema' });
    const trees = fc.sample(moduleSet, { seed: SEED + 1, numRuns: 2_000 });
    const { bad } = await check(trees, { types: false, indent: '\t' });
    expect(bad.map((c) => c.problem).slice(0, 1)).toEqual([]);
  });
});
