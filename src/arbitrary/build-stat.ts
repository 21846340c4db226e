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
import { blank, messageKind } from './blank-message.js';
import { exprBuilders } from './build-expr.js';

const FUNCTION = messageKind(ExprFunctionSchema);
const INTERP = messageKind(ExprInterpStringSchema);
const TABLE = messageKind(ExprTableSchema);
const TABLE_ITEM = messageKind(TableItemSchema);
const BLOCK = messageKind(StatBlockSchema);
const LOCAL_STAT = messageKind(StatLocalSchema);
const ASSIGN = messageKind(StatAssignSchema);
const COMPOUND = messageKind(StatCompoundAssignSchema);
const IF = messageKind(StatIfSchema);
const WHILE = messageKind(StatWhileSchema);
const REPEAT = messageKind(StatRepeatSchema);
const FOR = messageKind(StatForSchema);
const FOR_IN = messageKind(StatForInSchema);
const RETURN = messageKind(StatReturnSchema);
const BREAK = messageKind(StatBreakSchema);
const CONTINUE = messageKind(StatContinueSchema);
const LOCAL_FUNCTION = messageKind(StatLocalFunctionSchema);
const FUNCTION_STAT = messageKind(StatFunctionSchema);
const TYPE_ALIAS = messageKind(StatTypeAliasSchema);
const TYPE_FUNCTION = messageKind(StatTypeFunctionSchema);
const ATTR = messageKind(ExprAttrSchema);
const MODULE_SET = messageKind(ModuleSetSchema);

/** A table of `items`. */
function table(items: TableItem[]): Expr {
  const m = blank(TABLE);
  m.items = items;
  return exprBuilders.expr({ case: 'table', value: m });
}

/** A table item: positional when `key` is undefined. */
function item(key: TableItem['itemOneof'], value: Expr): TableItem {
  const m = blank(TABLE_ITEM);
  m.itemOneof = key;
  m.value = value;
  return m;
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
    const m = blank(FUNCTION);
    m.generics = [];
    m.genericpacks = [];
    m.args = args;
    m.vararg = vararg;
    m.body = statBuilders.block(body);
    m.types = types;
    m.rettypes = rettypes;
    m.attributes = [];
    return m;
  },
  /** A function expression. */
  funcExpr(fn: ExprFunction): Expr {
    return exprBuilders.expr({ case: 'function', value: fn });
  },
  /** `` `a{b}c` ``. */
  interp(parts: Expr[]): Expr {
    const m = blank(INTERP);
    m.parts = parts;
    return exprBuilders.expr({ case: 'interpstring', value: m });
  },
  /** A block. */
  block(body: Stat[]): StatBlock {
    const m = blank(BLOCK);
    m.body = body;
    return m;
  },
  /** `local a, b: T = x, y`. */
  localStat(vars: Local[], values: Expr[], types: Type[] = []): Stat {
    const m = blank(LOCAL_STAT);
    m.vars = vars;
    m.values = values;
    m.types = types;
    return exprBuilders.stat({ case: 'local', value: m });
  },
  /** `a, b = x, y`. */
  assign(targets: Expr[], values: Expr[]): Stat {
    const m = blank(ASSIGN);
    m.vars = targets.map(exprBuilders.lvalue);
    m.values = values;
    return exprBuilders.stat({ case: 'assign', value: m });
  },
  /** `a op= x`. */
  compound(op: StatCompoundAssign_Op, target: Expr, value: Expr): Stat {
    const m = blank(COMPOUND);
    m.op = op;
    m.var = exprBuilders.lvalue(target);
    m.value = value;
    return exprBuilders.stat({ case: 'compoundAssign', value: m });
  },
  /** `if c then a else b end` (no else when `otherwise` is undefined). */
  ifStat(cond: Expr, then: Stat[], otherwise?: Stat[]): Stat {
    const m = blank(IF);
    m.cond = cond;
    m.then = statBuilders.block(then);
    m.elseOneof =
      otherwise === undefined
        ? { case: undefined }
        : { case: 'else', value: statBuilders.block(otherwise) };
    return exprBuilders.stat({ case: 'if', value: m });
  },
  /** `while c do ... end`. */
  whileStat(cond: Expr, body: Stat[]): Stat {
    const m = blank(WHILE);
    m.cond = cond;
    m.body = statBuilders.block(body);
    return exprBuilders.stat({ case: 'while', value: m });
  },
  /** `repeat ... until c`. */
  repeatStat(body: Stat[], cond: Expr): Stat {
    const m = blank(REPEAT);
    m.body = statBuilders.block(body);
    m.cond = cond;
    return exprBuilders.stat({ case: 'repeat', value: m });
  },
  /** `for v = a, b, s do ... end`. */
  forStat(v: Local, from: Expr, to: Expr, step: Expr | undefined, body: Stat[]): Stat {
    const m = blank(FOR);
    m.var = v;
    m.from = from;
    m.to = to;
    if (step !== undefined) m.step = step;
    m.body = statBuilders.block(body);
    return exprBuilders.stat({ case: 'for', value: m });
  },
  /** `for a, b in values do ... end`. */
  forIn(vars: Local[], values: Expr[], body: Stat[]): Stat {
    const m = blank(FOR_IN);
    m.vars = vars;
    m.values = values;
    m.body = statBuilders.block(body);
    return exprBuilders.stat({ case: 'forIn', value: m });
  },
  /** `return a, b`. */
  ret(list: Expr[]): Stat {
    const m = blank(RETURN);
    m.list = list;
    return exprBuilders.stat({ case: 'return', value: m });
  },
  /** `break`. */
  brk(): Stat {
    return exprBuilders.stat({ case: 'break', value: blank(BREAK) });
  },
  /** `continue`. */
  cont(): Stat {
    return exprBuilders.stat({ case: 'continue', value: blank(CONTINUE) });
  },
  /** `do ... end`. */
  doBlock(body: Stat[]): Stat {
    return exprBuilders.stat({ case: 'block', value: statBuilders.block(body) });
  },
  /** `local function f(...) ... end`. */
  localFunction(v: Local, func: ExprFunction): Stat {
    const m = blank(LOCAL_FUNCTION);
    m.var = v;
    m.func = func;
    return exprBuilders.stat({ case: 'localFunction', value: m });
  },
  /** `function target(...) ... end` (`function a:b()` when `self`). */
  functionStat(target: Expr, func: ExprFunction, self = false): Stat {
    const m = blank(FUNCTION_STAT);
    m.var = exprBuilders.lvalue(target);
    m.func = func;
    m.self = self;
    return exprBuilders.stat({ case: 'function', value: m });
  },
  /** `type t<n><generics, genericpacks...> = T` (not exported). */
  typeAlias(
    name: RegularTypeName,
    type: Type,
    generics: GenericTypeName[] = [],
    genericpacks: GenericTypeName[] = [],
  ): Stat {
    const m = blank(TYPE_ALIAS);
    m.export = false;
    m.name = name;
    m.type = type;
    m.generics = generics;
    m.genericpacks = genericpacks;
    return exprBuilders.stat({ case: 'typeAlias', value: m });
  },
  /** `type function t<n>(...) ... end` (not exported). */
  typeFunction(name: RegularTypeName, func: ExprFunction): Stat {
    const m = blank(TYPE_FUNCTION);
    m.export = false;
    m.name = name;
    m.func = func;
    return exprBuilders.stat({ case: 'typeFunction', value: m });
  },
  /** A function attribute without arguments (`@deprecated`, `@native`). */
  attribute(type: AttrType): ExprAttr {
    const m = blank(ATTR);
    m.type = type;
    m.args = [];
    return m;
  },
  /** The tree of a program: its chunk, and the module it requires when there is one. */
  moduleSet(program: StatBlock, module?: StatBlock): ModuleSet {
    const m = blank(MODULE_SET);
    if (module !== undefined) m.module = module;
    m.program = program;
    return m;
  },
};
