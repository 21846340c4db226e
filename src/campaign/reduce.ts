import { clone } from '@bufbuild/protobuf';
import type { ModuleSet, Stat, StatBlock } from '../../gen/luau_pb.js';
import { frameBlocks } from '../print/index.js';
import { grammar715, treeStats, type AnyGrammar } from '../tree/index.js';

/** Every `StatBlock` of a tree, in a fixed (depth-first, field) order. */
function blocksOf(tree: ModuleSet): StatBlock[] {
  const out: StatBlock[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const v of value) walk(v);
      return;
    }
    if (value === null || typeof value !== 'object' || value instanceof Uint8Array) return;
    const record = value as Record<string, unknown>;
    if (record.$typeName === 'luau.StatBlock') out.push(value as StatBlock);
    for (const [key, v] of Object.entries(record)) if (key !== '$typeName') walk(v);
  };
  walk(tree);
  return out;
}

/**
 * An edit of one block: its statements `[start, end)` deleted, or (`unwrap`) the statement at
 * `start` replaced by the statements of its `unwrap`-th block ({@link frameBlocks}: a `do`
 * block, an `if`'s branch, a loop's body), so that a few lines nested in wrappers come out as
 * a few lines.
 */
interface Removal {
  readonly block: number;
  readonly start: number;
  readonly end: number;
  readonly unwrap?: number;
}

/** The blocks a statement holds ({@link frameBlocks}), of its tree's grammar. */
const heldBlocks = (stat: Stat): (StatBlock | undefined)[] =>
  frameBlocks(stat) as (StatBlock | undefined)[];

function without(tree: ModuleSet, r: Removal, grammar: AnyGrammar): ModuleSet {
  const copy = clone(grammar.moduleSet, tree as never) as ModuleSet;
  const body = blocksOf(copy)[r.block]!.body;
  if (r.unwrap === undefined) body.splice(r.start, r.end - r.start);
  else body.splice(r.start, 1, ...(heldBlocks(body[r.start]!)[r.unwrap]?.body ?? []));
  return copy;
}

/**
 * Edits to try: every block cut in chunks, large chunks first, then every statement that
 * holds a block unwrapped; at most `limit`.
 */
function removals(tree: ModuleSet, limit: number): Removal[] {
  const blocks = blocksOf(tree);
  const out: Removal[] = [];
  for (let parts = 1; out.length < limit; parts *= 2) {
    let any = false;
    blocks.forEach((b, block) => {
      const n = b.body.length;
      if (n === 0 || parts > n) return;
      any = true;
      const size = Math.ceil(n / parts);
      for (let start = 0; start < n; start += size)
        out.push({ block, start, end: Math.min(n, start + size) });
    });
    if (!any) break;
  }
  blocks.forEach((b, block) =>
    b.body.forEach((stat, start) =>
      heldBlocks(stat).forEach((held, unwrap) => {
        if (held !== undefined) out.push({ block, start, end: start + 1, unwrap });
      }),
    ),
  );
  return out.slice(0, limit);
}

/** Options of {@link reduceStatements}. */
export interface ReduceOptions {
  /** Runs candidates together (one batch) and tells which still show the finding. */
  readonly stillFail: (candidates: readonly ModuleSet[]) => Promise<readonly boolean[]>;
  /** The tree's grammar. Default the seed's. */
  readonly grammar?: AnyGrammar;
  /** Candidates per batch. Default 48. */
  readonly batch?: number;
  /** Batches allowed. Default 40. */
  readonly maxRounds?: number;
  /** Time allowed, in ms. Default 30 000. */
  readonly maxTimeMs?: number;
}

/** What {@link reduceStatements} did. */
export interface ReduceResult {
  /** The smallest tree that still fails (the input when nothing smaller did). */
  readonly tree: ModuleSet;
  /** Candidates run. */
  readonly attempts: number;
  /** Batches run. */
  readonly rounds: number;
}

/**
 * Deletes statements from a failing tree while it still fails, after fast-check's shrinker
 * (which cannot remove what its generator's choices tie together, such as a statement
 * whose locals a checksum reads): each round runs one batch of candidates, each without a
 * chunk of one block's statements (halves first, down to single statements, in every block
 * of the program and module), or with a statement that holds a block (`do`, `if`, a loop)
 * replaced by that block's statements, and keeps the smallest that still fails. It ends when
 * no edit fails any more, or a budget is spent.
 *
 * @example
 * ```ts
 * const { tree: smaller } = await reduceStatements(tree, { stillFail: async (ts) => runAll(ts) });
 * ```
 */
export async function reduceStatements(
  tree: ModuleSet,
  options: ReduceOptions,
): Promise<ReduceResult> {
  const batch = options.batch ?? 48;
  const maxRounds = options.maxRounds ?? 40;
  const grammar = options.grammar ?? grammar715;
  const deadline = Date.now() + (options.maxTimeMs ?? 30_000);
  let current = tree;
  let attempts = 0;
  let rounds = 0;
  let all = removals(current, 2000);
  // Removals are tried a batch at a time; after a success they are listed again.
  let offset = 0;
  while (rounds < maxRounds && Date.now() < deadline && offset < all.length) {
    const candidates = all.slice(offset, offset + batch).map((r) => without(current, r, grammar));
    rounds++;
    attempts += candidates.length;
    const fails = await options.stillFail(candidates);
    let best: ModuleSet | undefined;
    let bestNodes = Infinity;
    candidates.forEach((c, k) => {
      if (fails[k] !== true) return;
      const nodes = treeStats(grammar.moduleSet, c as never).nodes;
      if (nodes < bestNodes) {
        best = c;
        bestNodes = nodes;
      }
    });
    if (best === undefined) {
      offset += batch;
      continue;
    }
    current = best;
    all = removals(current, 2000);
    offset = 0;
  }
  return { tree: current, attempts, rounds };
}
