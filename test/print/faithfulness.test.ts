import { toText } from '@bufbuild/protobuf/txtpb';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleSetSchema, type Expr, type ExprIfElse } from '../../gen/luau_pb.js';
import { printCompat, printPretty } from '../../src/print/index.js';
import {
  bin,
  bool,
  expr,
  group,
  ifelse,
  nil,
  num,
  program,
  ret,
  str,
  un,
} from './helpers/build.js';
import { LuauWorker } from './helpers/luau-worker.js';

const SEED = 715;
const TREES = 3_000;

const luau = new LuauWorker();
afterAll(() => luau.close());

/**
 * Constant-only expressions over every operator, group, if-expression and interpolated
 * string. Strings are ASCII letters only (compat mode keeps nothing else), tables appear
 * only under `#` (their `tostring` is an address), integers not at all (luau-web predates
 * them) and there are no names or `...`.
 */
const constantExpr: fc.Arbitrary<Expr> = fc.letrec<{ expr: Expr }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      fc.constant(null).map(() => nil()),
      fc.boolean().map(bool),
      fc.integer({ min: -9, max: 9 }).map(num),
      fc.integer({ min: -2147483648, max: 2147483647 }).map(num),
      fc.stringMatching(/^[A-Za-z]{0,3}$/).map(str),
    ),
    tie('expr').map(group),
    fc.tuple(fc.constantFrom(0, 1, 2), tie('expr')).map(([op, e]) => un(op, e)),
    fc
      .tuple(fc.integer({ min: 0, max: 15 }), tie('expr'), tie('expr'))
      .map(([op, l, r]) => bin(op, l, r)),
    fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([c, a, b]) => ifelse(c, a, b)),
    fc.tuple(tie('expr'), tie('expr'), tie('expr'), tie('expr')).map(([c, a, c2, b]) =>
      expr({
        exprOneof: {
          case: 'ifelse',
          value: {
            cond: c,
            then: a,
            elseOneof: {
              case: 'elseif',
              value: { cond: c2, then: b, elseOneof: { case: 'else', value: a } },
            },
          },
        },
      }),
    ),
    fc.array(tie('expr'), { maxLength: 3 }).map((items) =>
      un(
        2,
        expr({
          exprOneof: { case: 'table', value: { items: items.map((value) => ({ value })) } },
        }),
      ),
    ),
    fc
      .array(fc.oneof(tie('expr'), fc.stringMatching(/^[A-Za-z]{0,3}$/).map(str)), {
        maxLength: 3,
      })
      .map((parts) => expr({ exprOneof: { case: 'interpstring', value: { parts } } })),
  ),
})).expr;

/** The same expression with every sub-expression wrapped in a group: its shape made explicit. */
function parenthesizeAll(e: Expr | undefined): Expr {
  const o = e?.exprOneof;
  switch (o?.case) {
    case 'group':
      return group(parenthesizeAll(o.value.expr));
    case 'unary':
      return group(un(o.value.op, parenthesizeAll(o.value.expr)));
    case 'binary':
      return group(bin(o.value.op, parenthesizeAll(o.value.left), parenthesizeAll(o.value.right)));
    case 'ifelse':
      return group(expr({ exprOneof: { case: 'ifelse', value: parenthesizeIf(o.value) } }));
    case 'table':
      return group(
        expr({
          exprOneof: {
            case: 'table',
            value: { items: o.value.items.map((item) => ({ value: parenthesizeAll(item.value) })) },
          },
        }),
      );
    case 'interpstring':
      return group(
        expr({
          exprOneof: { case: 'interpstring', value: { parts: o.value.parts.map(parenthesizeAll) } },
        }),
      );
    default:
      return group(e ?? nil());
  }
}

function parenthesizeIf(e: ExprIfElse): ExprIfElse {
  const o = e.elseOneof;
  const elseOneof =
    o.case === 'else'
      ? { case: 'else' as const, value: parenthesizeAll(o.value) }
      : o.case === 'elseif'
        ? { case: 'elseif' as const, value: parenthesizeIf(o.value) }
        : { case: undefined };
  const out = ifelse(parenthesizeAll(e.cond), parenthesizeAll(e.then)).exprOneof
    .value as ExprIfElse;
  out.elseOneof = elseOneof;
  return out;
}

/** Runs `return <expr>` in a protected call and prints whether it raised, else its type and value. */
const harness = (source: string): string =>
  `local ok, v = pcall(function()\n${source}end)\n` +
  `if ok then print("ok", typeof(v), if type(v) == "table" then "table" else tostring(v)) else print("error") end\n`;

describe('printPretty', () => {
  it('evaluates constant expressions as the fully parenthesised compat source does', async () => {
    // Fixed seeds; `LUAU_FUZZ_SEED` adds another for an extra run.
    const extra = process.env['LUAU_FUZZ_SEED'];
    for (const seed of extra ? [SEED, Number(extra)] : [SEED]) {
      const trees = fc.sample(constantExpr, { seed, numRuns: seed === SEED ? TREES : TREES / 3 });
      const pretty = trees.map((e) => harness(printPretty(program(ret(e)))[0]!));
      const compat = trees.map((e) => harness(printCompat(program(ret(parenthesizeAll(e))))[0]!));
      const results = await luau.process([...pretty, ...compat], true);
      const mismatches: string[] = [];
      trees.forEach((e, i) => {
        const p = results[i]!;
        const c = results[i + trees.length]!;
        const problem = p.error ?? p.abort ?? p.runError ?? c.error ?? c.abort ?? c.runError;
        if (problem !== undefined || p.output !== c.output || p.output === '') {
          mismatches.push(
            `seed ${seed}: pretty ${JSON.stringify(p)} vs compat ${JSON.stringify(c)}\n` +
              `${pretty[i]}\n${compat[i]}\n${toText(ModuleSetSchema, program(ret(e)))}`,
          );
        }
      });
      expect(mismatches.slice(0, 1)).toEqual([]);
      // Both ways of raising and returning are exercised.
      const outputs = results.slice(0, trees.length).map((r) => r.output ?? '');
      expect(outputs.some((o) => o.startsWith('ok'))).toBe(true);
      expect(outputs.some((o) => o === 'error')).toBe(true);
    }
  });
});
