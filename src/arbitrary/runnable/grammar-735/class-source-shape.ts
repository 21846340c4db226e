import { build } from '../../build.js';
import type { Choices } from '../choices.js';
import { kit } from '../shapes/kit.js';
import type { StatProduction } from '../library/model.js';
import { shapeLocals } from '../shapes/local-function-shape.js';

/**
 * Class declarations 0.735's parser refuses, one rule each: a prop named `new` or starting
 * with `__`, a member declared twice, a typed `self`, a method named `new`, a metamethod a class
 * may not define, a reserved `__` name, `__init` without `self`, a statement in a class body, a
 * class in a block, a class declared twice, assigned to, extending no name, without a name,
 * a `public` without a prop, `export` beside `return`.
 */
const refused = [
  'class A public new end',
  'class A public __x end',
  'class A public x public x end',
  'class A function f(self: number) end end',
  'class A function new() end end',
  'class A function __index(self) end end',
  'class A function __foo(self) end end',
  'class A function __init() end end',
  'class A function __init(s) end end',
  'class A local x = 1 end',
  'do class A end end',
  'class A end class A end',
  'class A end A = 1',
  'class B extends 1 end',
  'class end',
  'class A public end',
  'export class A public x end return 1',
];

/**
 * A chunk that runs: a root class (`open`, `export`ed or not) and one extending it through a
 * class reference the parser reads (`A`, `t.A`, `t["A"]`) or through one that is no open class
 * (nil, a number, a sealed class: errors of the runtime), with or without a constructor of its
 * own, an instance made from the chunk's argument and printed.
 */
function runs(c: Choices): string {
  const open = c.chance(85);
  const root =
    (c.chance(30) ? 'export ' : '') +
    (open ? 'open ' : '') +
    'class A public a function get(self) return self.a end end';
  const ref = c.pick(['A', 't.A', 't["A"]', 't.A', 't.C', 't.n']);
  const init = c.chance(50)
    ? ' function __init(self, p) self.a = (p.a or 0) * 2 self.b = p.b end'
    : '';
  return (
    'local x = ...\n' +
    root +
    '\nlocal t = {A = A, n = 1}\n' +
    `class B extends ${ref} public b${init} end\n` +
    'local o = B.new({a = x, b = x + 1})\n' +
    'print(o:get(), o.b, class.isinstance(o, A), class.isinstance(o, B), class.classof(o) == B)'
  );
}

/**
 * Class source compiled while the program runs (grammar 735; `loadstring`, whose chunk may
 * hold what the tree's names cannot say, `class` and `new` among them): a chunk that runs,
 * its classes extending through class references, or one the parser refuses for a rule of
 * classes, whose diagnostic is printed. What it prints is its diagnostic, then whether it ran
 * and its error, or the type of its result (an `export` chunk returns its table).
 *
 * @example
 * ```ts
 * // local f, e = loadstring("class A public new end", "=class")  print(f ~= nil, e)
 * classSourceShape(g, 0);
 * ```
 */
export const classSourceShape: StatProduction = (g, d) =>
  shapeLocals(g, { when: g.options.profile === 'luau', room: 4 }, (fresh) => {
    const c = g.choices;
    const text = c.chance(50) ? c.pick(refused) : runs(c);
    const [f, e, ok, r] = [fresh(), fresh(), fresh(), fresh()];
    const load = build.localStat(
      [f, e],
      [kit.call('loadstring', [kit.str(text), kit.str('=class')])],
    );
    const result = kit.orElse(
      kit.bin('and', kit.bin('==', kit.type(kit.ref(r)), kit.str('string')), kit.ref(r)),
      kit.type(kit.ref(r)),
    );
    return [
      build.doBlock([
        load,
        kit.print([kit.bin('~=', kit.ref(f), build.nil()), kit.ref(e)]),
        build.ifStat(kit.ref(f), [
          build.localStat([ok, r], [kit.call('pcall', [kit.ref(f), g.num(d + 1)])]),
          kit.print([kit.ref(ok), result]),
        ]),
      ]),
    ];
  });
