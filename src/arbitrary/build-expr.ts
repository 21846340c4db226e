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
import { blank, made } from './blank-message.js';
import { builtinIndex } from './names.js';
import { frozenDeep, SharedMessages } from './shared-messages.js';

/** An `Expr` of one case. */
function expr(oneof: Expr['exprOneof']): Expr {
  return made(ExprSchema, { exprOneof: oneof });
}

/** A `Stat` of one case. */
function stat(oneof: Stat['statOneof']): Stat {
  return made(StatSchema, { statOneof: oneof });
}

const locals = new SharedMessages((name: number) => made(LocalSchema, { name }));

const localRefs = new SharedMessages((name: number) =>
  expr({ case: 'local', value: made(ExprLocalSchema, { var: locals.get(name) }) }),
);

const builtinNames = new SharedMessages((text: string) =>
  made(NameSchema, { nameOneof: { case: 'builtin', value: builtinIndex(text) } }),
);

const customNames = new SharedMessages((k: number) =>
  made(NameSchema, { nameOneof: { case: 'custom', value: k } }),
);

const globals = new SharedMessages((text: string) =>
  expr({ case: 'global', value: made(ExprGlobalSchema, { name: builtinNames.get(text) }) }),
);

function newNumber(val: number): Expr {
  return expr({ case: 'number', value: made(ExprConstantNumberSchema, { val }) });
}

/** Number constants in `[-SMALL_NUMBER, SMALL_NUMBER]` are shared. */
const SMALL_NUMBER = 4096;
const numbers = new SharedMessages(newNumber);

function newBool(val: boolean): Expr {
  return expr({ case: 'bool', value: made(ExprConstantBoolSchema, { val }) });
}

const constants = {
  nil: frozenDeep(expr({ case: 'nil', value: made(ExprConstantNilSchema, {}) })),
  varargs: frozenDeep(expr({ case: 'varargs', value: made(ExprVarargsSchema, {}) })),
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
    return expr({ case: 'string', value: made(ExprConstantStringSchema, { val }) });
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
    return expr({ case: 'global', value: made(ExprGlobalSchema, { name: customNames.get(k) }) });
  },
  /** A type name `t<index>`. */
  regularTypeName(index: number): RegularTypeName {
    return made(RegularTypeNameSchema, { index });
  },
  /** A global of the name table. */
  global(text: string): Expr {
    return globals.get(text);
  },
  /** `(e)`. */
  group(e: Expr): Expr {
    return expr({ case: 'group', value: made(ExprGroupSchema, { expr: e }) });
  },
  /** The prefix form of an expression, in parentheses unless it is a name, index or call. */
  prefix(e: Expr): ExprPrefix {
    const o = e.exprOneof;
    const m = blank(ExprPrefixSchema);
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
        m.exprOneof = { case: 'group', value: made(ExprGroupSchema, { expr: e }) };
        return m;
      }
    }
  },
  /** `prefix.name`. */
  indexName(prefix: Expr, name: Name): Expr {
    return expr({
      case: 'indexName',
      value: made(ExprIndexNameSchema, { expr: exprBuilders.prefix(prefix), index: name }),
    });
  },
  /** `prefix[index]`. */
  indexExpr(prefix: Expr, index: Expr): Expr {
    return expr({
      case: 'indexExpr',
      value: made(ExprIndexExprSchema, { expr: exprBuilders.prefix(prefix), index }),
    });
  },
  /** A call message `func(args)` (`func:name(args)` when `self`). */
  callMessage(func: Expr, args: Expr[], self = false): ExprCall {
    return made(ExprCallSchema, { func: exprBuilders.prefix(func), self, args });
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
    return stat({ case: 'call', value: made(StatCallSchema, { expr: call.exprOneof.value }) });
  },
  /** `left op right`. */
  binary(op: ExprBinary_Op, left: Expr, right: Expr): Expr {
    return expr({ case: 'binary', value: made(ExprBinarySchema, { op, left, right }) });
  },
  /** `op expr`. */
  unary(op: ExprUnary_Op, operand: Expr): Expr {
    return expr({ case: 'unary', value: made(ExprUnarySchema, { op, expr: operand }) });
  },
  /** `if cond then a else b`. */
  ifElse(cond: Expr, then: Expr, otherwise: Expr): Expr {
    return expr({
      case: 'ifelse',
      value: made(ExprIfElseSchema, { cond, then, elseOneof: { case: 'else', value: otherwise } }),
    });
  },
  /** The assignable form of a local, field or index expression. */
  lvalue(e: Expr): LValue {
    const o = e.exprOneof;
    switch (o.case) {
      case 'local':
      case 'global':
      case 'indexName':
      case 'indexExpr': {
        return made(LValueSchema, {
          lvalueOneof: { case: o.case, value: o.value } as LValue['lvalueOneof'],
        });
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
