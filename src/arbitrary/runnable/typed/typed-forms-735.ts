import type { Expr, Local, Stat, Type } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import { build735 } from '../grammar-735/build-735.js';
import { builtins, builtinUses, constants, constReader } from '../grammar-735/forms-735-shape.js';
import { lengthPlusFirst, parenlessLibraryCalls } from '../grammar-735/forms-735-shape.js';
import type { Gen } from '../generator.js';
import { kit, withLocals } from '../shapes/kit.js';
import type { StatProduction } from '../library/model.js';
import { primitive } from '../values/types.js';

/**
 * What grammar 735 adds besides classes, written for 0.735's checker, in a `do` block:
 * `const` locals annotated `number` and a `const` function with typed parameter and result
 * that reads them, builtin references stored (unannotated: the checker infers the builtin's
 * type) and called directly, and calls without parentheses of a string and of a table (a
 * local function taking `{number}`). The smallest draw is one `const` and its print.
 *
 * @example
 * ```ts
 * // do const l3: number = 3  const l4: number = l3 * 0.5  const function l5(l6: number): number
 * //   return l6 * l3 + l4 end  print(l3, l4, l5(l3), math.abs(l4), string.upper "ab") end
 * typedForms735Shape(g, 0);
 * ```
 */
export const typedForms735Shape: StatProduction = (g, d) => {
  if (!g.roomFor(8) || g.pure > 0) return [];
  return withLocals(g, (fresh) => {
    const block: TypedBlock = { g, d, fresh, stats: [], shown: [] };
    typedConsts(block);
    // Arguments are bound as numbers and strings: not the vector library's.
    const available = builtins.filter(([lib, fn]) => lib !== 'vector' && g.has(`${lib}.${fn}`));
    block.shown.push(
      ...builtinUses(g, d, fresh, available, block.stats, (lib, args) =>
        boundArgs(block, lib, args),
      ),
    );
    if (g.choices.chance(60)) {
      block.shown.push(...parenlessLibraryCalls(g));
      const t = fresh();
      block.stats.push(lengthPlusFirst(g, t, fresh, true));
      block.shown.push(
        build735.parenless(
          kit.ref(t),
          build.array([bound(block, g.num(d + 1)), bound(block, g.num(d + 1))]),
        ),
      );
    }
    block.stats.push(kit.print(block.shown));
    return [build.doBlock(block.stats)];
  });
};

/** The `do` block being drawn: its statements and the values its last `print` shows. */
interface TypedBlock {
  g: Gen;
  d: number;
  fresh: () => Local;
  stats: Stat[];
  shown: Expr[];
}

/**
 * A value through a local of its type, as the rest of the typed level draws them: an argument
 * has no annotation the checker would infer it against.
 */
function bound(block: TypedBlock, e: Expr, t: Type = primitive('number')): Expr {
  const v = block.fresh();
  block.stats.push(build.localStat([v], [e], [t]));
  return kit.ref(v);
}

/** Arguments of `lib` bound: the string library's first argument is a string, every other a number. */
function boundArgs(block: TypedBlock, lib: string, args: Expr[]): Expr[] {
  return args.map((e, i) =>
    bound(block, e, primitive(lib === 'string' && i === 0 ? 'string' : 'number')),
  );
}

/** `const a: number`, often `const b: number` over it, and then a `const` function reading both. */
function typedConsts(block: TypedBlock): void {
  const { g, d, fresh, stats, shown } = block;
  const c = g.choices;
  const num = primitive('number');
  const a = fresh();
  stats.push(build735.localStat([a], [kit.num(c.pick(constants))], true, [num]));
  shown.push(kit.ref(a));
  if (!c.chance(70)) return;
  const b = fresh();
  const op = c.pick(['+', '*', '-', '/', '//'] as const);
  stats.push(
    build735.localStat([b], [kit.bin(op, kit.ref(a), kit.num(c.pick(constants)))], true, [num]),
  );
  shown.push(kit.ref(b));
  if (!c.chance(70)) return;
  const f = fresh();
  stats.push(constReader(g, f, fresh, [a, b], true));
  shown.push(
    build.call(kit.ref(f), [kit.ref(a)]),
    build.call(kit.ref(f), [bound(block, g.num(d + 1))]),
  );
}
