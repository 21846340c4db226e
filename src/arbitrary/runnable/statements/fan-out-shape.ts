import { StatSchema, type ExprCall, type Stat } from '../../../../gen/luau_pb.js';
import { walkTree } from '../../../tree/index.js';
import type { Choices } from '../choices.js';
import type { Scalar } from '../values/types.js';

// How large a call fan-out is drawn and fitted to the limits of the call site; the
// statements themselves are built in `fan-out.ts`.

/**
 * Most leaf calls one fan-out runs: a few milliseconds at most (programs with a fan-out of
 * seeds 1 and 2 ran in luau-web in 1.2 to 5.9 ms, others in 1.6 ms on average).
 *
 * @example
 * ```ts
 * leafRuns(fitFanOut(drawFanOutShape(c), 40)) <= MAX_LEAF_RUNS; // true
 * ```
 */
export const MAX_LEAF_RUNS = 6000;

/**
 * Most code the call site may hold once every call is inlined (Luau -O2), in the units of
 * {@link codeWeight} (a copy of the leaf weighing its own, plus 4, plus 2 per parameter): a
 * wide fan-out fitted to it lists 25,000 to 48,000 instructions in `luau-compile --text -O2`
 * (seeds 1 to 3), mostly enough that the conditional's jump over them needs more than a
 * 16-bit offset (32,767 words, JUMPX), and not so much that compiling the program at -O2 and
 * translating it to native code takes more than a few tenths of a second.
 *
 * @example
 * ```ts
 * leafCopies(shape) * copyWeight <= MAX_CALL_SITE_WEIGHT; // after fitFanOut(shape, copyWeight)
 * ```
 */
export const MAX_CALL_SITE_WEIGHT = 65_000;

/**
 * Most {@link codeWeight} of a wide fan-out's leaf (beyond its first statement): about the
 * most whose cost stays within Luau's inlining threshold (27 at -O2); measured, leaves of
 * weight 42 inlined and of 61 did not.
 *
 * @example
 * ```ts
 * codeWeight(leaf) <= MAX_WIDE_LEAF_WEIGHT; // for a wide fan-out's leaf of two or more statements
 * ```
 */
export const MAX_WIDE_LEAF_WEIGHT = 40;

/** One function of the chain above the leaf. */
export interface FanOutLevel {
  /** Calls of the level below. */
  calls: number;
  /** The calls split between the branches of an `if` on a parameter (first half, rest). */
  split: boolean;
}

/**
 * The shape of a call fan-out: a chain of local functions, each calling the one below it
 * several times, down to a leaf that updates the program's values; the top one called from a
 * conditional.
 *
 * @example
 * ```ts
 * const shape: FanOutShape = {
 *   wide: false,
 *   params: ['num', 'str'],
 *   levels: [{ calls: 6, split: false }, { calls: 4, split: true }],
 *   leaf: 3,
 *   calls: 2,
 *   otherwise: false,
 * };
 * ```
 */
export interface FanOutShape {
  /**
   * Built to inline whole into the longest code: one parameter, levels within Luau's inlining
   * cost, a leaf of leaves (`l3 = l3 + (l4 * l1[2])`).
   */
  wide: boolean;
  /** The parameters of every function of the chain; the first is a number. */
  params: Scalar[];
  /** The levels above the leaf, the lowest (calling the leaf) first. */
  levels: FanOutLevel[];
  /** Statements of the leaf. */
  leaf: number;
  /** Calls of the top level in the conditional's `then` branch. */
  calls: number;
  /** Whether an `else` branch calls the top level once more. */
  otherwise: boolean;
}

/**
 * Leaf calls a fan-out runs at most (the larger branch of each split level).
 *
 * @example
 * ```ts
 * leafRuns({ wide: false, params: ['num'], levels: [{ calls: 4, split: true }], leaf: 1, calls: 2, otherwise: false }); // 4
 * ```
 */
export function leafRuns(shape: FanOutShape): number {
  let n = shape.calls;
  for (const l of shape.levels) n *= l.split ? Math.ceil(l.calls / 2) : l.calls;
  return n;
}

/**
 * Copies of the leaf in the caller when every call is inlined.
 *
 * @example
 * ```ts
 * leafCopies({ wide: false, params: ['num'], levels: [{ calls: 4, split: true }], leaf: 1, calls: 2, otherwise: true }); // 12
 * ```
 */
export function leafCopies(shape: FanOutShape): number {
  let n = shape.calls + (shape.otherwise ? 1 : 0);
  for (const l of shape.levels) n *= l.calls;
  return n;
}

/**
 * Draws a fan-out's shape: 2 to 5 levels (Luau inlines 5 deep at most, so the deepest chains
 * keep a call) of 2 to 6 calls each (Luau stops inlining a function of about 6 calls), a leaf
 * of 1 to 4 statements (about where a leaf gets too costly to inline). Half of them are wide:
 * one parameter, four levels of 5 or 6 calls, called 4 times from a `then` branch alone, a
 * leaf of 2 to 4 statements on leaf expressions (each level and the leaf within Luau's
 * inlining cost, about 27 units, a call costing 3 plus one per argument, an `if` about as much
 * as a call), which {@link fitFanOut} narrows to about the longest code it allows.
 *
 * @example
 * ```ts
 * drawFanOutShape(new Choices([])).levels.length; // 2
 * ```
 */
export function drawFanOutShape(c: Choices): FanOutShape {
  // Wide chains inline into the longest code; the others vary depth, width and leaf freely.
  const wide = c.chance(50);
  const params: Scalar[] = [c.pick(['num', 'int'] as const)];
  if (!wide && c.chance(50)) params.push(c.pick(['num', 'int', 'str'] as const));
  const depth = wide ? 4 : c.pick([2, 3, 4, 5]);
  const levels = Array.from({ length: depth }, () => {
    const split = c.chance(wide ? 50 : 25);
    // A wide level's `if` costs about a call: 5 calls, not 6, beside it.
    const calls = wide ? (split ? 5 : 5 + c.int(2)) : 2 + c.int(5);
    return { calls, split };
  });
  const shape: FanOutShape = {
    wide,
    params,
    levels,
    leaf: wide ? 2 + c.int(3) : 1 + c.int(4),
    calls: wide ? 4 : 1 + c.int(3),
    otherwise: !wide && c.chance(30),
  };
  return shape;
}

/**
 * Narrows the widest levels (then the call site) of `shape`, in place, until the leaf runs at
 * most {@link MAX_LEAF_RUNS} times and the inlined call site weighs at most
 * {@link MAX_CALL_SITE_WEIGHT} (a quarter of it when the shape is not wide: those vary the
 * chain rather than its length, and their compile time is spent on the long ones), given the
 * weight of one copy of the leaf with its call.
 *
 * @example
 * ```ts
 * fitFanOut(drawFanOutShape(c), codeWeight(leaf) + 10);
 * ```
 */
export function fitFanOut(shape: FanOutShape, copyWeight: number): FanOutShape {
  const budget = shape.wide ? MAX_CALL_SITE_WEIGHT : MAX_CALL_SITE_WEIGHT / 4;
  while (leafRuns(shape) > MAX_LEAF_RUNS || leafCopies(shape) * copyWeight > budget) {
    let widest = shape.levels[0];
    for (const l of shape.levels) if (widest === undefined || l.calls > widest.calls) widest = l;
    if (widest !== undefined && widest.calls > 1) widest.calls--;
    else if (shape.otherwise) shape.otherwise = false;
    else if (shape.calls > 1) shape.calls--;
    else break;
  }
  return shape;
}

/** Units per node kind in {@link codeWeight} (kinds not listed: none). */
const words: Readonly<Record<string, number>> = {
  ExprGlobal: 1,
  ExprIndexName: 1,
  ExprIndexExpr: 1,
  ExprUnary: 1,
  ExprBinary: 1,
  // The function's load (two words for an import), the call and a fast call's operands.
  ExprCall: 4,
  ExprTable: 2,
  ExprIfElse: 3,
  ExprInterpString: 3,
};

/**
 * The approximate size of a statement's code once inlined into the function that declares the
 * locals it uses, counting the nodes that make instructions: operators, indexing, calls and
 * tables (locals are registers there, constants operands). Fitted wide fan-outs of seeds 1 to
 * 3 list 0.5 to 0.8 instructions per unit of their copies in `luau-compile --text -O2`.
 *
 * @example
 * ```ts
 * codeWeight(build.callStat(build.call(build.local(3), [build.local(4)]))); // 5
 * ```
 */
export function codeWeight(stat: Stat): number {
  let n = 0;
  walkTree(StatSchema, stat, (x) => {
    const kind = x.desc.name;
    if (kind === 'ExprCall') n += words[kind]! + (x.message as ExprCall).args.length;
    else n += words[kind] ?? 0;
  });
  return n;
}
