import { create } from '@bufbuild/protobuf';
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
  StatCallSchema,
  StatSchema,
  type Expr,
  type ExprBinary_Op,
  type ExprCall,
  type ExprPrefix,
  type ExprUnary_Op,
  type LValue,
  type Name,
  type Stat,
} from '../../gen/luau_pb.js';
import { builtinIndex } from './names.js';

/**
 * Small constructors of tree messages, for the resolvers that build trees by hand.
 *
 * @example
 * ```ts
 * const call = build.libCall('math', 'abs', [build.number(-3)]); // math.abs(-3)
 * ```
 */
export const build = {
  /** `nil`. */
  nil(): Expr {
    return create(ExprSchema, { exprOneof: { case: 'nil', value: create(ExprConstantNilSchema) } });
  },
  /** A number constant (an int32). */
  number(val: number): Expr {
    return create(ExprSchema, {
      exprOneof: { case: 'number', value: create(ExprConstantNumberSchema, { val: val | 0 }) },
    });
  },
  /** A string constant. */
  string(val: string): Expr {
    return create(ExprSchema, {
      exprOneof: { case: 'string', value: create(ExprConstantStringSchema, { val }) },
    });
  },
  /** `true` or `false`. */
  bool(val: boolean): Expr {
    return create(ExprSchema, {
      exprOneof: { case: 'bool', value: create(ExprConstantBoolSchema, { val }) },
    });
  },
  /** `...`. */
  varargs(): Expr {
    return create(ExprSchema, { exprOneof: { case: 'varargs', value: create(ExprVarargsSchema) } });
  },
  /** A builtin name (from the name table). */
  name(text: string): Name {
    return create(NameSchema, { nameOneof: { case: 'builtin', value: builtinIndex(text) } });
  },
  /** A custom name `n<k>`. */
  customName(k: number): Name {
    return create(NameSchema, { nameOneof: { case: 'custom', value: k } });
  },
  /** A reference to local `l<name>`. */
  local(name: number): Expr {
    return create(ExprSchema, {
      exprOneof: {
        case: 'local',
        value: create(ExprLocalSchema, { var: create(LocalSchema, { name }) }),
      },
    });
  },
  /** A global of the name table. */
  global(text: string): Expr {
    return create(ExprSchema, {
      exprOneof: { case: 'global', value: create(ExprGlobalSchema, { name: build.name(text) }) },
    });
  },
  /** `(e)`. */
  group(expr: Expr): Expr {
    return create(ExprSchema, {
      exprOneof: { case: 'group', value: create(ExprGroupSchema, { expr }) },
    });
  },
  /** The prefix form of an expression, in parentheses unless it is a name, index or call. */
  prefix(expr: Expr): ExprPrefix {
    const e = expr.exprOneof;
    switch (e.case) {
      case 'local':
      case 'global':
      case 'group':
      case 'call':
      case 'indexName':
      case 'indexExpr':
        return create(ExprPrefixSchema, { exprOneof: e });
      default:
        return create(ExprPrefixSchema, {
          exprOneof: { case: 'group', value: create(ExprGroupSchema, { expr }) },
        });
    }
  },
  /** `prefix.name`. */
  indexName(prefix: Expr, name: Name): Expr {
    return create(ExprSchema, {
      exprOneof: {
        case: 'indexName',
        value: create(ExprIndexNameSchema, { expr: build.prefix(prefix), index: name }),
      },
    });
  },
  /** `prefix[index]`. */
  indexExpr(prefix: Expr, index: Expr): Expr {
    return create(ExprSchema, {
      exprOneof: {
        case: 'indexExpr',
        value: create(ExprIndexExprSchema, { expr: build.prefix(prefix), index }),
      },
    });
  },
  /** A call message `func(args)` (`func:name(args)` when `self`). */
  callMessage(func: Expr, args: Expr[], self = false): ExprCall {
    return create(ExprCallSchema, { func: build.prefix(func), self, args });
  },
  /** A call expression. */
  call(func: Expr, args: Expr[], self = false): Expr {
    return create(ExprSchema, {
      exprOneof: { case: 'call', value: build.callMessage(func, args, self) },
    });
  },
  /** `lib.fn(args)` for a library table of the runtime. */
  libCall(lib: string, fn: string, args: Expr[]): Expr {
    return build.call(build.indexName(build.global(lib), build.name(fn)), args);
  },
  /** A call statement. */
  callStat(call: Expr): Stat {
    if (call.exprOneof.case !== 'call') throw new Error('not a call');
    return create(StatSchema, {
      statOneof: { case: 'call', value: create(StatCallSchema, { expr: call.exprOneof.value }) },
    });
  },
  /** `left op right`. */
  binary(op: ExprBinary_Op, left: Expr, right: Expr): Expr {
    return create(ExprSchema, {
      exprOneof: { case: 'binary', value: create(ExprBinarySchema, { op, left, right }) },
    });
  },
  /** `op expr`. */
  unary(op: ExprUnary_Op, expr: Expr): Expr {
    return create(ExprSchema, {
      exprOneof: { case: 'unary', value: create(ExprUnarySchema, { op, expr }) },
    });
  },
  /** `if cond then a else b`. */
  ifElse(cond: Expr, then: Expr, otherwise: Expr): Expr {
    return create(ExprSchema, {
      exprOneof: {
        case: 'ifelse',
        value: create(ExprIfElseSchema, {
          cond,
          then,
          elseOneof: { case: 'else', value: otherwise },
        }),
      },
    });
  },
  /** The assignable form of a local, field or index expression. */
  lvalue(expr: Expr): LValue {
    const e = expr.exprOneof;
    switch (e.case) {
      case 'local':
      case 'global':
      case 'indexName':
      case 'indexExpr':
        return create(LValueSchema, { lvalueOneof: e });
      default:
        throw new Error(`not assignable: ${String(e.case)}`);
    }
  },
};
