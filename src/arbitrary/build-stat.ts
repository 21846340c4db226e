import {
  ExprAttrSchema,
  ExprFunctionSchema,
  ExprInterpStringSchema,
  ExprTableSchema,
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
  StatWhileSchema,
  StatFunctionSchema,
  StatTypeAliasSchema,
  StatTypeFunctionSchema,
  TableItemSchema,
  ModuleSetSchema,
  type AttrType,
  type Expr,
  type ExprAttr,
  type ExprFunction,
  type GenericTypeName,
  type Local,
  type ModuleSet,
  type RegularTypeName,
  type Stat,
  type StatBlock,
  type StatCompoundAssign_Op,
  type TableItem,
  type Type,
} from '../../gen/luau_pb.js';
import { blank, made } from './blank-message.js';
import { exprBuilders } from './build-expr.js';

/** A table of `items`. */
function table(items: TableItem[]): Expr {
  return exprBuilders.expr({ case: 'table', value: made(ExprTableSchema, { items }) });
}

/** A table item: positional when `key` is undefined. */
function item(key: TableItem['itemOneof'], value: Expr): TableItem {
  return made(TableItemSchema, { itemOneof: key, value });
}

/**
 * The constructors of statements, tables and functions of {@link build} (which has them all).
 *
 * @example
 * ```ts
 * statBuilders.localStat([exprBuilders.localVar(0)], [exprBuilders.number(1)]); // local l0 = 1
 * ```
 */
export const statBuilders = {
  /** `{a, b, c}`. */
  array(values: Expr[]): Expr {
    const items = new Array<TableItem>(values.length);
    for (let i = 0; i < values.length; i++) items[i] = item({ case: undefined }, values[i]!);
    return table(items);
  },
  /** `{n0 = a, n1 = b}` (custom field names) or `["key"] = v` for string keys. */
  record(fields: [number | string, Expr][]): Expr {
    const items = new Array<TableItem>(fields.length);
    for (let i = 0; i < fields.length; i++) {
      const [k, value] = fields[i]!;
      items[i] = item(
        typeof k === 'number'
          ? { case: 'keyName', value: exprBuilders.customName(k) }
          : { case: 'keyExpr', value: exprBuilders.string(k) },
        value,
      );
    }
    return table(items);
  },
  /** `{a, [k] = b}`: a positional item where the key is undefined, else `[key] = value`. */
  keyed(entries: [Expr | undefined, Expr][]): Expr {
    return table(
      entries.map(([k, value]) =>
        item(k === undefined ? { case: undefined } : { case: 'keyExpr', value: k }, value),
      ),
    );
  },
  /** `t.n<k>`. */
  field(t: Expr, k: number): Expr {
    return exprBuilders.indexName(t, exprBuilders.customName(k));
  },
  /** A function expression message. */
  func(
    args: Local[],
    body: Stat[],
    vararg = false,
    types: Type[] = [],
    rettypes: Type[] = [],
  ): ExprFunction {
    return made(ExprFunctionSchema, {
      generics: [],
      genericpacks: [],
      args,
      vararg,
      body: statBuilders.block(body),
      types,
      rettypes,
      attributes: [],
    });
  },
  /** A function expression. */
  funcExpr(fn: ExprFunction): Expr {
    return exprBuilders.expr({ case: 'function', value: fn });
  },
  /** `` `a{b}c` ``. */
  interp(parts: Expr[]): Expr {
    return exprBuilders.expr({
      case: 'interpstring',
      value: made(ExprInterpStringSchema, { parts }),
    });
  },
  /** A block. */
  block(body: Stat[]): StatBlock {
    return made(StatBlockSchema, { body });
  },
  /** `local a, b: T = x, y`. */
  localStat(vars: Local[], values: Expr[], types: Type[] = []): Stat {
    return exprBuilders.stat({
      case: 'local',
      value: made(StatLocalSchema, { vars, values, types }),
    });
  },
  /** `a, b = x, y`. */
  assign(targets: Expr[], values: Expr[]): Stat {
    return exprBuilders.stat({
      case: 'assign',
      value: made(StatAssignSchema, { vars: targets.map(exprBuilders.lvalue), values }),
    });
  },
  /** `a op= x`. */
  compound(op: StatCompoundAssign_Op, target: Expr, value: Expr): Stat {
    return exprBuilders.stat({
      case: 'compoundAssign',
      value: made(StatCompoundAssignSchema, { op, var: exprBuilders.lvalue(target), value }),
    });
  },
  /** `if c then a else b end` (no else when `otherwise` is undefined). */
  ifStat(cond: Expr, then: Stat[], otherwise?: Stat[]): Stat {
    return exprBuilders.stat({
      case: 'if',
      value: made(StatIfSchema, {
        cond,
        then: statBuilders.block(then),
        elseOneof:
          otherwise === undefined
            ? { case: undefined }
            : { case: 'else', value: statBuilders.block(otherwise) },
      }),
    });
  },
  /** `while c do ... end`. */
  whileStat(cond: Expr, body: Stat[]): Stat {
    return exprBuilders.stat({
      case: 'while',
      value: made(StatWhileSchema, { cond, body: statBuilders.block(body) }),
    });
  },
  /** `repeat ... until c`. */
  repeatStat(body: Stat[], cond: Expr): Stat {
    return exprBuilders.stat({
      case: 'repeat',
      value: made(StatRepeatSchema, { body: statBuilders.block(body), cond }),
    });
  },
  /** `for v = a, b, s do ... end`. */
  forStat(v: Local, from: Expr, to: Expr, step: Expr | undefined, body: Stat[]): Stat {
    const m = blank(StatForSchema);
    m.var = v;
    m.from = from;
    m.to = to;
    if (step !== undefined) m.step = step;
    m.body = statBuilders.block(body);
    return exprBuilders.stat({ case: 'for', value: m });
  },
  /** `for a, b in values do ... end`. */
  forIn(vars: Local[], values: Expr[], body: Stat[]): Stat {
    return exprBuilders.stat({
      case: 'forIn',
      value: made(StatForInSchema, { vars, values, body: statBuilders.block(body) }),
    });
  },
  /** `return a, b`. */
  ret(list: Expr[]): Stat {
    return exprBuilders.stat({ case: 'return', value: made(StatReturnSchema, { list }) });
  },
  /** `break`. */
  brk(): Stat {
    return exprBuilders.stat({ case: 'break', value: made(StatBreakSchema, {}) });
  },
  /** `continue`. */
  cont(): Stat {
    return exprBuilders.stat({ case: 'continue', value: made(StatContinueSchema, {}) });
  },
  /** `do ... end`. */
  doBlock(body: Stat[]): Stat {
    return exprBuilders.stat({ case: 'block', value: statBuilders.block(body) });
  },
  /** `local function f(...) ... end`. */
  localFunction(v: Local, func: ExprFunction): Stat {
    return exprBuilders.stat({
      case: 'localFunction',
      value: made(StatLocalFunctionSchema, { var: v, func }),
    });
  },
  /** `function target(...) ... end` (`function a:b()` when `self`). */
  functionStat(target: Expr, func: ExprFunction, self = false): Stat {
    return exprBuilders.stat({
      case: 'function',
      value: made(StatFunctionSchema, { var: exprBuilders.lvalue(target), func, self }),
    });
  },
  /** `type t<n><generics, genericpacks...> = T` (not exported). */
  typeAlias(
    name: RegularTypeName,
    type: Type,
    generics: GenericTypeName[] = [],
    genericpacks: GenericTypeName[] = [],
  ): Stat {
    return exprBuilders.stat({
      case: 'typeAlias',
      value: made(StatTypeAliasSchema, { export: false, name, type, generics, genericpacks }),
    });
  },
  /** `type function t<n>(...) ... end` (not exported). */
  typeFunction(name: RegularTypeName, func: ExprFunction): Stat {
    return exprBuilders.stat({
      case: 'typeFunction',
      value: made(StatTypeFunctionSchema, { export: false, name, func }),
    });
  },
  /** A function attribute without arguments (`@deprecated`, `@native`). */
  attribute(type: AttrType): ExprAttr {
    return made(ExprAttrSchema, { type, args: [] });
  },
  /** The tree of a program: its chunk, and the module it requires when there is one. */
  moduleSet(program: StatBlock, module?: StatBlock): ModuleSet {
    const m = blank(ModuleSetSchema);
    if (module !== undefined) m.module = module;
    m.program = program;
    return m;
  },
};
