import {
  ExprBinarySchema,
  ExprCallSchema,
  ExprConstantBoolSchema,
  ExprConstantNilSchema,
  ExprConstantNumberSchema,
  ExprConstantStringSchema,
  ExprGlobalSchema,
  ExprGroupSchema,
  ExprIfElseSchema,
  ExprIndexExprSchema,
  ExprIndexNameSchema,
  ExprLocalSchema,
  ExprPrefixSchema,
  ExprSchema,
  ExprUnarySchema,
  ExprVarargsSchema,
  LValueSchema,
  LocalSchema,
  NameSchema,
  RegularTypeNameSchema,
  StatCallSchema,
  StatSchema,
  type Expr,
  type ExprBinary_Op,
  type ExprCall,
  type ExprPrefix,
  type ExprUnary_Op,
  type LValue,
  type Local,
  type Name,
  type RegularTypeName,
  type Stat,
} from '../../gen/luau_pb.js';
import { blank, messageKind } from './blank-message.js';
import { builtinIndex } from './names.js';
import { frozenDeep, SharedMessages } from './shared-messages.js';

const EXPR = messageKind(ExprSchema);
const NIL = messageKind(ExprConstantNilSchema);
const NUMBER = messageKind(ExprConstantNumberSchema);
const STRING = messageKind(ExprConstantStringSchema);
const BOOL = messageKind(ExprConstantBoolSchema);
const VARARGS = messageKind(ExprVarargsSchema);
const NAME = messageKind(NameSchema);
const LOCAL = messageKind(LocalSchema);
const EXPR_LOCAL = messageKind(ExprLocalSchema);
const GLOBAL = messageKind(ExprGlobalSchema);
const GROUP = messageKind(ExprGroupSchema);
const PREFIX = messageKind(ExprPrefixSchema);
const INDEX_NAME = messageKind(ExprIndexNameSchema);
const INDEX_EXPR = messageKind(ExprIndexExprSchema);
const CALL = messageKind(ExprCallSchema);
const STAT = messageKind(StatSchema);
const STAT_CALL = messageKind(StatCallSchema);
const BINARY = messageKind(ExprBinarySchema);
const UNARY = messageKind(ExprUnarySchema);
const IF_ELSE = messageKind(ExprIfElseSchema);
const LVALUE = messageKind(LValueSchema);
const REGULAR_TYPE_NAME = messageKind(RegularTypeNameSchema);

/** An `Expr` of one case. */
function expr(oneof: Expr['exprOneof']): Expr {
  const m = blank(EXPR);
  m.exprOneof = oneof;
  return m;
}

/** A `Stat` of one case. */
function stat(oneof: Stat['statOneof']): Stat {
  const m = blank(STAT);
  m.statOneof = oneof;
  return m;
}

const locals = new SharedMessages((name: number) => {
  const m = blank(LOCAL);
  m.name = name;
  return m;
});

const localRefs = new SharedMessages((name: number) => {
  const m = blank(EXPR_LOCAL);
  m.var = locals.get(name);
  return expr({ case: 'local', value: m });
});

const builtinNames = new SharedMessages((text: string) => {
  const m = blank(NAME);
  m.nameOneof = { case: 'builtin', value: builtinIndex(text) };
  return m;
});

const customNames = new SharedMessages((k: number) => {
  const m = blank(NAME);
  m.nameOneof = { case: 'custom', value: k };
  return m;
});

const globals = new SharedMessages((text: string) => {
  const m = blank(GLOBAL);
  m.name = builtinNames.get(text);
  return expr({ case: 'global', value: m });
});

function newNumber(val: number): Expr {
  const m = blank(NUMBER);
  m.val = val;
  return expr({ case: 'number', value: m });
}

/** Number constants in `[-SMALL_NUMBER, SMALL_NUMBER]` are shared. */
const SMALL_NUMBER = 4096;
const numbers = new SharedMessages(newNumber);

function newBool(val: boolean): Expr {
  const m = blank(BOOL);
  m.val = val;
  return expr({ case: 'bool', value: m });
}

const constants = {
  nil: frozenDeep(expr({ case: 'nil', value: blank(NIL) })),
  varargs: frozenDeep(expr({ case: 'varargs', value: blank(VARARGS) })),
  true: frozenDeep(newBool(true)),
  false: frozenDeep(newBool(false)),
};

/**
 * The constructors of leaves and expressions of {@link build} (which has them all).
 *
 * @example
 * ```ts
 * exprBuilders.number(3);
 * ```
 */
export const exprBuilders = {
  /** `nil`. */
  nil(): Expr {
    return constants.nil;
  },
  /** A number constant (an int32). */
  number(val: number): Expr {
    const v = val | 0;
    return v >= -SMALL_NUMBER && v <= SMALL_NUMBER ? numbers.get(v) : newNumber(v);
  },
  /** A string constant. */
  string(val: string): Expr {
    const m = blank(STRING);
    m.val = val;
    return expr({ case: 'string', value: m });
  },
  /** `true` or `false`. */
  bool(val: boolean): Expr {
    return val ? constants.true : constants.false;
  },
  /** `...`. */
  varargs(): Expr {
    return constants.varargs;
  },
  /** A builtin name (from the name table). */
  name(text: string): Name {
    return builtinNames.get(text);
  },
  /** A custom name `n<k>`. */
  customName(k: number): Name {
    return customNames.get(k);
  },
  /** A `Local` message `l<name>`. */
  localVar(name: number): Local {
    return locals.get(name);
  },
  /** A reference to local `l<name>`. */
  local(name: number): Expr {
    return localRefs.get(name);
  },
  /** A global `n<k>` (a custom name). */
  customGlobal(k: number): Expr {
    const m = blank(GLOBAL);
    m.name = customNames.get(k);
    return expr({ case: 'global', value: m });
  },
  /** A type name `t<index>`. */
  regularTypeName(index: number): RegularTypeName {
    const m = blank(REGULAR_TYPE_NAME);
    m.index = index;
    return m;
  },
  /** A global of the name table. */
  global(text: string): Expr {
    return globals.get(text);
  },
  /** `(e)`. */
  group(e: Expr): Expr {
    const m = blank(GROUP);
    m.expr = e;
    return expr({ case: 'group', value: m });
  },
  /** The prefix form of an expression, in parentheses unless it is a name, index or call. */
  prefix(e: Expr): ExprPrefix {
    const o = e.exprOneof;
    const m = blank(PREFIX);
    switch (o.case) {
      case 'local':
      case 'global':
      case 'group':
      case 'call':
      case 'indexName':
      case 'indexExpr':
        // A new oneof object holding the same message, as `create()` makes.
        m.exprOneof = { case: o.case, value: o.value } as ExprPrefix['exprOneof'];
        return m;
      default: {
        const g = blank(GROUP);
        g.expr = e;
        m.exprOneof = { case: 'group', value: g };
        return m;
      }
    }
  },
  /** `prefix.name`. */
  indexName(prefix: Expr, name: Name): Expr {
    const m = blank(INDEX_NAME);
    m.expr = exprBuilders.prefix(prefix);
    m.index = name;
    return expr({ case: 'indexName', value: m });
  },
  /** `prefix[index]`. */
  indexExpr(prefix: Expr, index: Expr): Expr {
    const m = blank(INDEX_EXPR);
    m.expr = exprBuilders.prefix(prefix);
    m.index = index;
    return expr({ case: 'indexExpr', value: m });
  },
  /** A call message `func(args)` (`func:name(args)` when `self`). */
  callMessage(func: Expr, args: Expr[], self = false): ExprCall {
    const m = blank(CALL);
    m.func = exprBuilders.prefix(func);
    m.self = self;
    m.args = args;
    return m;
  },
  /** A call expression. */
  call(func: Expr, args: Expr[], self = false): Expr {
    return expr({ case: 'call', value: exprBuilders.callMessage(func, args, self) });
  },
  /** `lib.fn(args)` for a library table of the runtime. */
  libCall(lib: string, fn: string, args: Expr[]): Expr {
    return exprBuilders.call(
      exprBuilders.indexName(exprBuilders.global(lib), exprBuilders.name(fn)),
      args,
    );
  },
  /** A call statement. */
  callStat(call: Expr): Stat {
    if (call.exprOneof.case !== 'call') throw new Error('not a call');
    const m = blank(STAT_CALL);
    m.expr = call.exprOneof.value;
    return stat({ case: 'call', value: m });
  },
  /** `left op right`. */
  binary(op: ExprBinary_Op, left: Expr, right: Expr): Expr {
    const m = blank(BINARY);
    m.op = op;
    m.left = left;
    m.right = right;
    return expr({ case: 'binary', value: m });
  },
  /** `op expr`. */
  unary(op: ExprUnary_Op, operand: Expr): Expr {
    const m = blank(UNARY);
    m.op = op;
    m.expr = operand;
    return expr({ case: 'unary', value: m });
  },
  /** `if cond then a else b`. */
  ifElse(cond: Expr, then: Expr, otherwise: Expr): Expr {
    const m = blank(IF_ELSE);
    m.cond = cond;
    m.then = then;
    m.elseOneof = { case: 'else', value: otherwise };
    return expr({ case: 'ifelse', value: m });
  },
  /** The assignable form of a local, field or index expression. */
  lvalue(e: Expr): LValue {
    const o = e.exprOneof;
    switch (o.case) {
      case 'local':
      case 'global':
      case 'indexName':
      case 'indexExpr': {
        const m = blank(LVALUE);
        m.lvalueOneof = { case: o.case, value: o.value } as LValue['lvalueOneof'];
        return m;
      }
      default:
        throw new Error(`not assignable: ${String(o.case)}`);
    }
  },
  /** A `Stat` of one case. */
  stat,
  /** An `Expr` of one case. */
  expr,
};
