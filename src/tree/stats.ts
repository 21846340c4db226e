import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { walkTree } from './walk.js';

/** Size and shape of a tree: what reports and coverage checks count. */
export interface TreeStats {
  /** Number of messages in the tree, the root included. */
  nodes: number;
  /** Deepest message nesting; the root alone is depth 1. */
  depth: number;
  /** Messages per type name (`Expr`, `StatIf`, ...). */
  kinds: Record<string, number>;
  /** Set oneof cases, keyed `Message.oneof=case` (`Stat.stat_oneof=while`). Unset oneofs count as `=<unset>`. */
  cases: Record<string, number>;
}

/**
 * Counts the messages of a tree, its depth, and how often each message kind and oneof case
 * occurs. Walks without recursion, so any decodable tree can be measured.
 *
 * @example
 * ```ts
 * const { nodes, depth, cases } = treeStats(ModuleSetSchema, tree);
 * cases['Stat.stat_oneof=while']; // how many while loops
 * ```
 */
export function treeStats<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
): TreeStats {
  const stats: TreeStats = { nodes: 0, depth: 0, kinds: {}, cases: {} };
  walkTree(schema, message, (node) => {
    stats.nodes++;
    if (node.depth > stats.depth) stats.depth = node.depth;
    stats.kinds[node.desc.name] = (stats.kinds[node.desc.name] ?? 0) + 1;
    for (const oneof of caseKeys(node.desc)) {
      const set = (node.message as unknown as Record<string, { case?: string }>)[oneof.localName];
      const key = (set?.case === undefined ? undefined : oneof.keys.get(set.case)) ?? oneof.unset;
      stats.cases[key] = (stats.cases[key] ?? 0) + 1;
    }
  });
  return stats;
}

interface OneofKeys {
  readonly localName: string;
  /** `Message.oneof=case` by the case's local name. */
  readonly keys: ReadonlyMap<string, string>;
  readonly unset: string;
}

const caseKeysOf = new WeakMap<DescMessage, readonly OneofKeys[]>();

/** The keys of `cases` for each oneof of a message kind, made once per descriptor. */
function caseKeys(desc: DescMessage): readonly OneofKeys[] {
  let keys = caseKeysOf.get(desc);
  if (keys === undefined) {
    keys = desc.oneofs.map((oneof) => ({
      localName: oneof.localName,
      keys: new Map(oneof.fields.map((f) => [f.localName, `${desc.name}.${oneof.name}=${f.name}`])),
      unset: `${desc.name}.${oneof.name}=<unset>`,
    }));
    caseKeysOf.set(desc, keys);
  }
  return keys;
}

/**
 * Adds `more` into `total` (node counts and per-kind and per-case counts are summed, depth is
 * the maximum). Returns `total`.
 *
 * @example
 * ```ts
 * const sum = trees.reduce((acc, t) => addTreeStats(acc, treeStats(ModuleSetSchema, t)), emptyTreeStats());
 * ```
 */
export function addTreeStats(total: TreeStats, more: TreeStats): TreeStats {
  total.nodes += more.nodes;
  total.depth = Math.max(total.depth, more.depth);
  for (const [k, v] of Object.entries(more.kinds)) total.kinds[k] = (total.kinds[k] ?? 0) + v;
  for (const [k, v] of Object.entries(more.cases)) total.cases[k] = (total.cases[k] ?? 0) + v;
  return total;
}

/**
 * Stats of no tree at all: the starting value for {@link addTreeStats}.
 *
 * @example
 * ```ts
 * const total = emptyTreeStats();
 * ```
 */
export function emptyTreeStats(): TreeStats {
  return { nodes: 0, depth: 0, kinds: {}, cases: {} };
}
