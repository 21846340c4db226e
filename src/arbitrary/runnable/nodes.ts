import { create } from '@bufbuild/protobuf';
import {
  ExprFunctionSchema,
  ExprInterpStringSchema,
  ExprSchema,
  ExprTableSchema,
  LocalSchema,
  StatAssignSchema,
  StatBlockSchema,
  StatBreakSchema,
  StatCompoundAssignSchema,
  StatContinueSchema,
  StatForInSchema,
  StatForSchema,
  StatIfSchema,
  StatLocalFunctionSchema,
  StatLocalSchema,
  StatRepeatSchema,
  StatReturnSchema,
  StatSchema,
  StatWhileSchema,
  TableItemSchema,
  type Expr,
  type ExprFunction,
  type Local,
  type Stat,
  type StatBlock,
  type StatCompoundAssign_Op,
  type Type,
} from '../../../gen/luau_pb.js';
import { build } from '../build.js';

function stat(s: Stat['statOneof']): Stat {
  return create(StatSchema, { statOneof: s });
}

/**
 * Constructors of the statements and table and function expressions the runnable generator
 * builds (beside {@link build}, which has the rest).
 *
 * @example
 * ```ts
 * node.localStat([node.local(0)], [build.number(1)]); // local l0 = 1
 * ```
 */
export const node = {
  /** A `Local` message. */
  local(name: number): Local {
    return create(LocalSchema, { name });
  },
  /** `{a, b, c}`. */
  array(values: Expr[]): Expr {
    return create(ExprSchema, {
      exprOneof: {
        case: 'table',
        value: create(ExprTableSchema, {
          items: values.map((value) => create(TableItemSchema, { value })),
        }),
      },
    });
  },
  /** `{n0 = a, n1 = b}` (custom field names) or `["key"] = v` for string keys. */
  record(fields: [number | string, Expr][]): Expr {
    return create(ExprSchema, {
      exprOneof: {
        case: 'table',
        value: create(ExprTableSchema, {
          items: fields.map(([k, value]) =>
            typeof k === 'number'
              ? create(TableItemSchema, {
                  itemOneof: { case: 'keyName', value: build.customName(k) },
                  value,
                })
              : create(TableItemSchema, {
                  itemOneof: { case: 'keyExpr', value: build.string(k) },
                  value,
                }),
          ),
        }),
      },
    });
  },
  /** `t.n<k>`. */
  field(t: Expr, k: number): Expr {
    return build.indexName(t, build.customName(k));
  },
  /** A function expression message. */
  func(args: Local[], body: Stat[], vararg = false, types: Type[] = [], rettypes: Type[] = []) {
    return create(ExprFunctionSchema, {
      args,
      vararg,
      body: create(StatBlockSchema, { body }),
      types,
      rettypes,
    });
  },
  /** A function expression. */
  funcExpr(fn: ExprFunction): Expr {
    return create(ExprSchema, { exprOneof: { case: 'function', value: fn } });
  },
  /** `` `a{b}c` ``. */
  interp(parts: Expr[]): Expr {
    return create(ExprSchema, {
      exprOneof: { case: 'interpstring', value: create(ExprInterpStringSchema, { parts }) },
    });
  },
  /** A block. */
  block(body: Stat[]): StatBlock {
    return create(StatBlockSchema, { body });
  },
  /** `local a, b: T = x, y`. */
  localStat(vars: Local[], values: Expr[], types: Type[] = []): Stat {
    return stat({ case: 'local', value: create(StatLocalSchema, { vars, values, types }) });
  },
  /** `a, b = x, y`. */
  assign(targets: Expr[], values: Expr[]): Stat {
    return stat({
      case: 'assign',
      value: create(StatAssignSchema, { vars: targets.map((t) => build.lvalue(t)), values }),
    });
  },
  /** `a op= x`. */
  compound(op: StatCompoundAssign_Op, target: Expr, value: Expr): Stat {
    return stat({
      case: 'compoundAssign',
      value: create(StatCompoundAssignSchema, { op, var: build.lvalue(target), value }),
    });
  },
  /** `if c then a else b end` (no else when `otherwise` is undefined). */
  ifStat(cond: Expr, then: Stat[], otherwise?: Stat[]): Stat {
    return stat({
      case: 'if',
      value: create(StatIfSchema, {
        cond,
        then: node.block(then),
        ...(otherwise === undefined
          ? {}
          : { elseOneof: { case: 'else' as const, value: node.block(otherwise) } }),
      }),
    });
  },
  /** `while c do ... end`. */
  whileStat(cond: Expr, body: Stat[]): Stat {
    return stat({
      case: 'while',
      value: create(StatWhileSchema, { cond, body: node.block(body) }),
    });
  },
  /** `repeat ... until c`. */
  repeatStat(body: Stat[], cond: Expr): Stat {
    return stat({
      case: 'repeat',
      value: create(StatRepeatSchema, { body: node.block(body), cond }),
    });
  },
  /** `for v = a, b, s do ... end`. */
  forStat(v: Local, from: Expr, to: Expr, step: Expr | undefined, body: Stat[]): Stat {
    return stat({
      case: 'for',
      value: create(StatForSchema, {
        var: v,
        from,
        to,
        body: node.block(body),
        ...(step === undefined ? {} : { step }),
      }),
    });
  },
  /** `for a, b in values do ... end`. */
  forIn(vars: Local[], values: Expr[], body: Stat[]): Stat {
    return stat({
      case: 'forIn',
      value: create(StatForInSchema, { vars, values, body: node.block(body) }),
    });
  },
  /** `return a, b`. */
  ret(list: Expr[]): Stat {
    return stat({ case: 'return', value: create(StatReturnSchema, { list }) });
  },
  /** `break`. */
  brk(): Stat {
    return stat({ case: 'break', value: create(StatBreakSchema) });
  },
  /** `continue`. */
  cont(): Stat {
    return stat({ case: 'continue', value: create(StatContinueSchema) });
  },
  /** `do ... end`. */
  doBlock(body: Stat[]): Stat {
    return stat({ case: 'block', value: node.block(body) });
  },
  /** `local function f(...) ... end`. */
  localFunction(v: Local, func: ExprFunction): Stat {
    return stat({
      case: 'localFunction',
      value: create(StatLocalFunctionSchema, { var: v, func }),
    });
  },
  /** `f(args)` as a statement. */
  callStat(call: Expr): Stat {
    return build.callStat(call);
  },
};
