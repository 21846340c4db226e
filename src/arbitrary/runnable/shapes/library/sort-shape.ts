import type { Expr } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';
import { heapForcing } from './sort-adversary.js';

/** Lengths past the point where an adversarial input exhausts the quicksort budget. */
const LENGTHS = [16, 20, 24, 32];

/**
 * How ranks become values and which comparator orders them: numbers by `<` (the default order
 * or a function), negated ranks by `>`, fractions, and zero-padded strings; each a pure total
 * order, so every run compares the same pairs and sorts to the same result.
 */
const orders: { value: (r: number) => Expr; cmp?: '<' | '>' }[] = [
  { value: (r) => kit.num(r) },
  { value: (r) => kit.num(r), cmp: '<' },
  { value: (r) => kit.num(-r), cmp: '>' },
  { value: (r) => kit.num(r / 4 - 3) },
  { value: (r) => kit.str(`k${String(r).padStart(2, '0')}`) },
  { value: (r) => kit.str(`k${String(r).padStart(2, '0')}`), cmp: '<' },
];

/**
 * `table.sort` on an input built to defeat its quicksort (McIlroy's adversary against Luau's
 * median-of-three pivot), so the sort falls back to heapsort, with the default order or a
 * comparator function; then the sorted array, and a second sort of the sorted array (the
 * quicksort's best case).
 *
 * @example
 * ```ts
 * // local t = {1, 9, 3, 13, ...}  table.sort(t, function(a, b) return a < b end)
 * // print(table.concat(t, " "))
 * sortShape(g, 0);
 * ```
 */
export const sortShape: StatProduction = (g, d) => {
  void d;
  return shapeLocals(g, { swarm: 'tables', room: 4 }, (fresh) => {
    const c = g.choices;
    const n = c.pick(LENGTHS);
    const order = c.pick(orders);
    const t = fresh();
    const sort = () => {
      if (order.cmp === undefined) return kit.lib('table', 'sort', [kit.ref(t)]);
      const fn = g.scope.inFunction(false, () => {
        const [a, b] = [fresh(), fresh()];
        return build.func([a, b], [build.ret([kit.bin(order.cmp!, kit.ref(a), kit.ref(b))])]);
      });
      return kit.lib('table', 'sort', [kit.ref(t), build.funcExpr(fn)]);
    };
    return [
      build.doBlock([
        build.localStat([t], [build.array(heapForcing(n).map(order.value))]),
        build.callStat(sort()),
        kit.print([kit.lib('table', 'concat', [kit.ref(t), kit.str(' ')])]),
        build.callStat(sort()),
        kit.print([kit.index(kit.ref(t), kit.num(1)), kit.index(kit.ref(t), kit.len(kit.ref(t)))]),
      ]),
    ];
  });
};
