import type { Expr, Local } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import { attemptedCalls } from '../attempt.js';
import type { Gen } from '../../generator.js';
import { kit } from '../kit.js';
import type { StatProduction } from '../../library/model.js';

/** Subjects holding what the pattern items look for: nested and unbalanced brackets, quotes, words. */
const SUBJECTS = [
  'f(a(b)c)d(e',
  '[x[y]]z[',
  '((a)',
  'THE (quick) fox',
  'key = key; a=b',
  "it's 'q' ok",
  '',
  'aaaa',
  'a.b, c;d',
];

/** Patterns by item: balances (`%b` with distinct and equal delimiters), frontiers, back
 * references, position captures, `%g`, anchors. */
const PATTERNS = [
  '%b()',
  '%b[]',
  "%b''",
  '()%b()()',
  '^%b()',
  '(%b[])(.)',
  '%f[%a]%a+',
  '%f[%A]',
  '%f[%l]%u',
  'x%f[%s]',
  '%g+',
  '(.)%1',
  '(%a+)%s*=%s*%1',
];

/**
 * Patterns the matcher refuses while reading them: a trailing `%`, an open set, `%b` and `%f`
 * without their arguments, a capture index out of range, an unclosed or unopened capture, too
 * many captures, nesting past the matcher's depth.
 */
const MALFORMED = [
  '%',
  '[a',
  '[a%',
  '%b',
  '%b(',
  '%fa',
  '(()',
  '%1',
  '(a)%2',
  'a)',
  '%0',
  `${'('.repeat(33)}a${')'.repeat(33)}`,
  'a?'.repeat(250),
];

/** Replacement strings: whole match, captures, an escaped `%`, a missing capture, a bad escape. */
const REPLACEMENTS = ['<%0>', '%1%1', '%%', '[%2]', '%x', ''];

/** What a replacement table maps matches (or first captures) to, a table being refused. */
const TABLE_VALUES: [string, () => Expr][] = [
  ['(b)', () => kit.str('B')],
  ['a', () => kit.str('A')],
  ['x', () => build.bool(false)],
  ['[x[y]]', () => build.array([])],
  ['key', () => kit.num(7)],
];

/** The body of a replacement function over its first argument. */
type FnBody = (a: Expr) => Expr;
const FN_BODIES: FnBody[] = [
  (a) => kit.bin('..', a, kit.str('|')),
  () => build.bool(false),
  (a) => kit.len(a),
  () => build.array([]),
  () => build.nil(),
];

/** A replacement of each kind `gsub` takes: a string, a table, a function. */
function replacement(g: Gen, fresh: () => Local): Expr {
  const c = g.choices;
  switch (c.int(3)) {
    case 0:
      return kit.str(c.pick(REPLACEMENTS));
    case 1:
      return build.record(
        TABLE_VALUES.filter(() => c.chance(60)).map(([k, v]): [string, Expr] => [k, v()]),
      );
    default: {
      const body = c.pick(FN_BODIES);
      const fn = g.scope.inFunction(false, () => {
        const a = fresh();
        return build.func([a], [build.ret([body(kit.ref(a))])]);
      });
      return build.funcExpr(fn);
    }
  }
}

/** `table.concat({string.<op>(subject, pattern, ...)}, ",")`: every result of one match. */
function matchCall(g: Gen, fresh: () => Local): Expr {
  const c = g.choices;
  const args = [kit.str(c.pick(SUBJECTS)), kit.str(c.pick(c.chance(20) ? MALFORMED : PATTERNS))];
  const op = c.pick(['find', 'match', 'gsub', 'gsub']);
  if (op === 'gsub') {
    args.push(replacement(g, fresh));
    if (c.chance(30)) args.push(kit.num(c.pick([0, 1, 2])));
  } else if (c.chance(30)) args.push(kit.num(c.pick([-3, 0, 2, 100])));
  return kit.lib('table', 'concat', [build.array([kit.lib('string', op, args)]), kit.str(',')]);
}

/**
 * The pattern matcher item by item: `%b` over nested and unbalanced brackets and equal
 * delimiters, `%f` frontiers at the subject's ends, back references, position captures, `%g`,
 * anchors, through `find` (with starts before, inside and past the subject), `match` and `gsub`
 * with each kind of replacement (a string with capture references, a table whose values may be
 * `false` or refused, a function whose result may be kept, a number, `false` or refused), and
 * the malformed patterns and replacements the matcher refuses. Every result of a match prints,
 * joined by commas; a refusal prints `!`.
 *
 * @example
 * ```ts
 * // print(attempt(function() return table.concat({string.gsub("f(a(b)c)d(e", "%b()", function(a) return a .. "|" end)}, ",") end))
 * patternShape(g, 0);
 * ```
 */
export const patternShape: StatProduction = (g) =>
  attemptedCalls(g, (fresh) => matchCall(g, fresh));
