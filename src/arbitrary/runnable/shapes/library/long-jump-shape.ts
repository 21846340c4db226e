import { build } from '../../../build.js';
import { kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';
import { shapeLocals } from '../local-function-shape.js';

/**
 * Statements around a body, each with a jump across the body: a branch, a branch with an
 * `else`, a `while`, a `repeat` and a numeric `for` (each loop runs its body twice).
 */
const FORMS: [string, string][] = [
  ['if n ~= 0 then ', 'end '],
  ['if n > 1 then ', 'else x = -x end '],
  ['local i = 0 while i < 2 do i += 1 ', 'end '],
  ['local i = 0 repeat i += 1 ', 'until i >= 2 '],
  ['for i = 1, 2 do ', 'end '],
];

/** Statements in the body: past 32767 instructions a jump no longer fits in 16 bits. */
const LENGTHS = [33000, 40000];

/**
 * A chunk compiled while the program runs whose body (`x = x + n`, repeated by `string.rep`,
 * or `x = x + 1.5`, `x = x + 2.5`, ... numbered by `string.gsub`) is longer than a 16-bit jump
 * reaches and may hold more constants than a 16-bit index reaches: the bytecode builder
 * rewrites each jump across it as a jump to a `JUMPX` trampoline and loads the constants past
 * the index with `LOADKX`, and the interpreter follows both. The text is a few hundred
 * kilobytes made at run time from a few dozen bytes of program. Only in the `luau` profile:
 * luau-web has no `loadstring`.
 *
 * @example
 * ```ts
 * // local f, e = loadstring("local x, n = ... if n ~= 0 then " .. string.rep("x = x + n ", 33000) .. "end return x", "=long")
 * // print(e, pcall(f, 1.5, 2))
 * longJumpShape(g, 0);
 * ```
 */
export const longJumpShape: StatProduction = (g, d) => {
  return shapeLocals(g, { when: g.options.profile === 'luau', room: 2 }, (fresh) => {
    const c = g.choices;
    const [head, tail] = c.pick(FORMS);
    const k = fresh();
    const length = kit.num(c.pick(LENGTHS));
    // Or each statement with a constant of its own: past 32767 constants, `LOADKX` loads them.
    const counted = build.funcExpr(
      g.scope.inFunction(false, () =>
        build.func(
          [],
          [
            build.assign([kit.ref(k)], [kit.bin('+', kit.ref(k), kit.num(1))]),
            build.ret([kit.ref(k)]),
          ],
        ),
      ),
    );
    const body = c.chance(50)
      ? kit.lib('string', 'rep', [kit.str('x = x + n '), length])
      : kit.first(
          kit.lib('string', 'gsub', [
            kit.lib('string', 'rep', [kit.str('x = x + #.5 '), length]),
            kit.str('#'),
            counted,
          ]),
        );
    const text = kit.bin(
      '..',
      kit.bin('..', kit.str(`local x, n = ... ${head}`), body),
      kit.str(`${tail}return x`),
    );
    const [f, e] = [fresh(), fresh()];
    return [
      build.doBlock([
        build.localStat([k], [kit.num(0)]),
        build.localStat([f, e], [kit.call('loadstring', [text, kit.str('=long')])]),
        kit.print([kit.ref(e), kit.call('pcall', [kit.ref(f), g.num(d + 1), g.num(d + 1)])]),
      ]),
    ];
  });
};
