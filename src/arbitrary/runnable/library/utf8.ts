import { ExprBinary_Op } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { LibraryModel } from './model.js';
import { found, orElse } from './results.js';

/** A valid code point: below the surrogates, or above them up to U+10FFFF. */
function codePoint(g: Gen, d: number) {
  if (g.choices.chance(50))
    return build.number(g.choices.pick([65, 97, 233, 955, 8364, 26085, 128512, 0x10ffff]));
  const cp = build.binary(ExprBinary_Op.Mod, g.int(d + 1), build.number(0xd7ff));
  // Never U+0000 (a NUL byte; see `Gen.nulFree`).
  return build.group(build.binary(ExprBinary_Op.Add, cp, build.number(1)));
}

/**
 * `utf8` on valid input: `char` of valid code points, `len`, `codepoint` and `offset` of
 * strings `utf8.char` made, and `charpattern`.
 *
 * @example
 * ```ts
 * utf8Model.exprs.str?.[0]?.(g, 0); // utf8.char(233, 8364)
 * ```
 */
export const utf8Model: LibraryModel = {
  name: 'utf8',
  on: (g) => g.swarm.utf8,
  exprs: {
    str: [
      (g, d) =>
        g.lib(
          'utf8',
          'char',
          Array.from({ length: 1 + g.choices.int(4) }, () => codePoint(g, d)),
        ),
    ],
    int: [
      (g, d) => orElse(g.lib('utf8', 'len', [g.str(d + 1)]), build.number(-1)),
      (g, d) =>
        g.lib('utf8', 'codepoint', [
          g.lib('utf8', 'char', [codePoint(g, d), codePoint(g, d)]),
          build.number(1),
        ]),
      (g, d) =>
        orElse(
          g.lib('utf8', 'offset', [
            g.lib('utf8', 'char', [codePoint(g, d), codePoint(g, d), codePoint(g, d)]),
            build.number(g.choices.pick([1, 2, 3, -1])),
          ]),
          build.number(0),
        ),
    ],
    bool: [
      (g, d) =>
        found(
          g.lib('string', 'match', [
            g.str(d + 1),
            build.indexName(build.global('utf8'), build.name('charpattern')),
          ]),
        ),
    ],
  },
};
