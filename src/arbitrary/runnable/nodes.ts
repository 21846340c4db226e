import {
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
  TableItemSchema,
  type Expr,
  type ExprFunction,
  type Local,
  type Stat,
  type StatBlock,
  type StatCompoundAssign_Op,
  type TableItem,
  type Type,
} from '../../../gen/luau_pb.js';
import { blank, messageKind } from '../blank-message.js';
import { build } from '../build.js';

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

/** A table of `items`. */
function table(items: TableItem[]): Expr {
  const m = blank(TABLE);
  m.items = items;
  return build.expr({ case: 'table', value: m });
}

/** A table item: positional when `key` is undefined. */
function item(key: TableItem['itemOneof'], value: Expr): TableItem {
  const m = blank(TABLE_ITEM);
  m.itemOneof = key;
  m.value = value;
  return m;
}

/**
 * Constructors of the statements and table and function expressions the runnable generator
 * builds (beside {@link build}, which has the rest); like `build`, they make the messages
 * `create()` would, faster.
 *
 * @example
 * ```ts
 * node.localStat([node.local(0)], [build.number(1)]); // local l0 = 1
 * ```
 */
export const node = {
  /** A `Local` message. */
  local: build.localVar,
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
          ? { case: 'keyName', value: build.customName(k) }
          : { case: 'keyExpr', value: build.string(k) },
        value,
      );
    }
    return table(items);
  },
  /** `t.n<k>`. */
  field(t: Expr, k: number): Expr {
    return build.indexName(t, build.customName(k));
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
    m.body = node.block(body);
    m.types = types;
    m.rettypes = rettypes;
    m.attributes = [];
    return m;
  },
  /** A function expression. */
  funcExpr(fn: ExprFunction): Expr {
    return build.expr({ case: 'function', value: fn });
  },
  /** `` `a{b}c` ``. */
  interp(parts: Expr[]): Expr {
    const m = blank(INTERP);
    m.parts = parts;
    return build.expr({ case: 'interpstring', value: m });
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
    return build.stat({ case: 'local', value: m });
  },
  /** `a, b = x, y`. */
  assign(targets: Expr[], values: Expr[]): Stat {
    const m = blank(ASSIGN);
    m.vars = targets.map(build.lvalue);
    m.values = values;
    return build.stat({ case: 'assign', value: m });
  },
  /** `a op= x`. */
  compound(op: StatCompoundAssign_Op, target: Expr, value: Expr): Stat {
    const m = blank(COMPOUND);
    m.op = op;
    m.var = build.lvalue(target);
    m.value = value;
    return build.stat({ case: 'compoundAssign', value: m });
  },
  /** `if c then a else b end` (no else when `otherwise` is undefined). */
  ifStat(cond: Expr, then: Stat[], otherwise?: Stat[]): Stat {
    const m = blank(IF);
    m.cond = cond;
    m.then = node.block(then);
    m.elseOneof =
      otherwise === undefined
        ? { case: undefined }
        : { case: 'else', value: node.block(otherwise) };
    return build.stat({ case: 'if', value: m });
  },
  /** `while c do ... end`. */
  whileStat(cond: Expr, body: Stat[]): Stat {
    const m = blank(WHILE);
    m.cond = cond;
    m.body = node.block(body);
    return build.stat({ case: 'while', value: m });
  },
  /** `repeat ... until c`. */
  repeatStat(body: Stat[], cond: Expr): Stat {
    const m = blank(REPEAT);
    m.body = node.block(body);
    m.cond = cond;
    return build.stat({ case: 'repeat', value: m });
  },
  /** `for v = a, b, s do ... end`. */
  forStat(v: Local, from: Expr, to: Expr, step: Expr | undefined, body: Stat[]): Stat {
    const m = blank(FOR);
    m.var = v;
    m.from = from;
    m.to = to;
    if (step !== undefined) m.step = step;
    m.body = node.block(body);
    return build.stat({ case: 'for', value: m });
  },
  /** `for a, b in values do ... end`. */
  forIn(vars: Local[], values: Expr[], body: Stat[]): Stat {
    const m = blank(FOR_IN);
    m.vars = vars;
    m.values = values;
    m.body = node.block(body);
    return build.stat({ case: 'forIn', value: m });
  },
  /** `return a, b`. */
  ret(list: Expr[]): Stat {
    const m = blank(RETURN);
    m.list = list;
    return build.stat({ case: 'return', value: m });
  },
  /** `break`. */
  brk(): Stat {
    return build.stat({ case: 'break', value: blank(BREAK) });
  },
  /** `continue`. */
  cont(): Stat {
    return build.stat({ case: 'continue', value: blank(CONTINUE) });
  },
  /** `do ... end`. */
  doBlock(body: Stat[]): Stat {
    return build.stat({ case: 'block', value: node.block(body) });
  },
  /** `local function f(...) ... end`. */
  localFunction(v: Local, func: ExprFunction): Stat {
    const m = blank(LOCAL_FUNCTION);
    m.var = v;
    m.func = func;
    return build.stat({ case: 'localFunction', value: m });
  },
  /** `f(args)` as a statement. */
  callStat(call: Expr): Stat {
    return build.callStat(call);
  },
};
