import { ExprUnary_Op, type Expr, type Local, type Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { paramAnnotations } from '../../values/annotations.js';
import type { Gen } from '../../generator.js';
import { freshLocals, kit } from '../kit.js';
import { localFunctionShape } from '../local-function-shape.js';
import type { StatProduction } from '../../library/model.js';

/** What a local holds at one point of the straight-line body, as far as the shape knows. */
type Held = 'number' | 'string' | 'boolean' | 'nil' | 'vector' | 'unknown';

/** Numbers a local is set to: integers, fractions, negative halves, -0, NaN and big ones. */
const NUMBERS = [5, -2.5, 0.5, -0, NaN, 2 ** 53, 7, -1, 3.5];

/**
 * A value to set the local to, and what it then holds. A vector is built of the second
 * parameter, a number in every call, so native code stores its three components.
 */
function setTo(g: Gen, p: Local, q: Local): [Expr, Held] {
  const c = g.choices;
  if (g.swarm.vectors && g.has('vector.create') && c.chance(20))
    return [
      kit.lib('vector', 'create', [kit.ref(q), kit.num(c.pick([1, -2.5])), kit.num(0.5)]),
      'vector',
    ];
  switch (c.int(6)) {
    case 0:
    case 1:
      return [kit.num(c.pick(NUMBERS)), 'number'];
    case 2:
      return [kit.str(c.pick(['a', '5', ''])), 'string'];
    case 3:
      return [build.bool(c.chance(50)), 'boolean'];
    case 4:
      return [build.nil(), 'nil'];
    default:
      // The parameter: a number in some calls, other types in others.
      return [kit.ref(p), 'unknown'];
  }
}

/** A comparison of the local that any value allows, kept as a value rather than a jump. */
function anyProbe(g: Gen, x: Local, q: Local): Expr {
  const c = g.choices;
  const e = kit.ref(x);
  switch (c.int(9)) {
    case 0:
      return kit.bin(c.pick(['==', '~='] as const), e, kit.num(c.pick(NUMBERS)));
    case 1:
      return kit.bin(c.pick(['==', '~='] as const), e, build.nil());
    case 2:
      return kit.bin(c.pick(['==', '~='] as const), e, build.bool(c.chance(50)));
    case 3:
      return kit.bin('==', e, kit.str(c.pick(['a', '5'])));
    case 4:
      return build.unary(ExprUnary_Op.Not, e);
    case 5:
      return kit.bin(
        '==',
        kit.type(e),
        kit.str(c.pick(['number', 'string', 'nil', 'boolean', 'table'])),
      );
    case 6:
      return kit.bin(
        c.pick(['==', '~='] as const),
        kit.call('typeof', [e]),
        kit.str(c.pick(['number', 'string', 'vector', 'boolean'])),
      );
    case 7:
      return kit.bin('==', e, kit.ref(q));
    default:
      // A jump on the local's truth (`if not x` jumps when it is truthy): native code knows the
      // tag and keeps one way.
      return g.choose(
        c.chance(50) ? e : build.unary(ExprUnary_Op.Not, e),
        kit.str('t'),
        kit.str('f'),
      );
  }
}

/** Arithmetic and fast-call builtins of a local known to hold a number. */
function numberProbe(g: Gen, x: Local): Expr {
  const c = g.choices;
  const e = kit.ref(x);
  switch (c.int(10)) {
    case 0:
      return kit.lib('math', c.pick(['floor', 'ceil', 'round', 'sign', 'abs']), [e]);
    case 1:
      return kit.lib('math', 'sqrt', [kit.lib('math', 'abs', [e])]);
    case 2:
      return kit.lib('math', c.pick(['min', 'max']), [e, kit.num(c.pick([0, 3, -1]))]);
    case 3:
      return kit.bin(c.pick(['//', '%'] as const), e, kit.num(c.pick([2, -3, 0.5])));
    case 4:
      return kit.neg(e);
    case 5:
      return kit.bin('<', e, kit.num(c.pick([0, 5, -2.5])));
    case 6:
      return kit.lib('math', 'clamp', [e, kit.num(-1), kit.num(4)]);
    case 7:
      return kit.bin('*', kit.bin('-', e, kit.num(1)), kit.num(c.pick([2, 0.5])));
    case 8:
      return g.choose(kit.bin('==', e, e), kit.num(1), kit.num(0));
    default:
      return kit.bin('+', e, e);
  }
}

/**
 * A function whose straight-line body sets one local to constants of several types in turn
 * (and to a parameter or a vector), and after each (or, now and then, not before the next store), compares it, tests its type and truth, and does
 * arithmetic and builtins on it, every result kept as a value: native code knows what the
 * local holds at each point from the store before and folds the comparisons, type tests and
 * arithmetic to constants, where the interpreter computes them. Called with a number, a string
 * and nil for the parameter; the results are printed, so a fold that gets one wrong shows.
 *
 * @example
 * ```ts
 * // local function f(p, q) local x = 5 local r1 = x == 5 x = nil local r2 = not x x = p ... return r1, r2, ... end
 * knownValueShape(g, 0);
 * ```
 */
export const knownValueShape: StatProduction = (g, d) => {
  return localFunctionShape(g, { swarm: 'arithmetic', room: 10 }, ({ f, fresh, endFrame }) => {
    const c = g.choices;
    const [p, q, x] = freshLocals(fresh, 3);
    const results: Local[] = [];
    const [first, held0] = setTo(g, p, q);
    let held = held0;
    const body: Stat[] = [build.localStat([x], [first])];
    const steps = 3 + c.int(4);
    for (let s = 0; s < steps; s++) {
      // Now and then none: the next store makes this one dead, and native code merges the
      // two into one store of tag and value.
      const probes = c.chance(25) ? 0 : 1 + c.int(3);
      for (let k = 0; k < probes; k++) {
        const r = fresh();
        const e = held === 'number' && c.chance(60) ? numberProbe(g, x) : anyProbe(g, x, q);
        body.push(build.localStat([r], [e]));
        results.push(r);
      }
      if (held !== 'nil' && held !== 'unknown' && c.chance(40)) {
        // An assertion of what the local holds: native code folds the check away, or not.
        const truthy = held === 'boolean' ? kit.bin('~=', kit.ref(x), build.nil()) : kit.ref(x);
        body.push(build.callStat(kit.call('assert', [truthy])));
      }
      if (c.chance(30)) body.push(build.callStat(kit.call('assert', [kit.ref(q)])));
      const [next, h] = setTo(g, p, q);
      body.push(build.assign([kit.ref(x)], [next]));
      held = h;
    }
    body.push(build.ret([...results.slice(-24).map((r) => kit.ref(r)), kit.ref(x)]));
    const fn = build.func([p, q], body, false, paramAnnotations(g, 2));
    endFrame();
    const call = (a: Expr, b: Expr) => kit.print([build.call(build.local(f.name), [a, b])]);
    return [
      build.doBlock([
        build.localFunction(f, fn),
        call(kit.num(c.pick(NUMBERS)), kit.num(c.pick(NUMBERS))),
        call(kit.str('5'), g.num(d + 1)),
        call(build.nil(), kit.num(5)),
      ]),
    ];
  });
};
