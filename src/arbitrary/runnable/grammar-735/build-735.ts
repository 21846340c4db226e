import { create } from '@bufbuild/protobuf';
import type { Expr, ExprFunction, Local, Stat, Type } from '../../../../gen/luau_pb.js';
import * as g735 from '../../../../gen/luau-735_pb.js';
import { nameTables735 } from '../../../print/name-tables.js';
import { build } from '../../build.js';

// What only grammar 735 has, built as messages of its schema. Their `$typeName`s are the seed's,
// so they sit in a tree the generator builds with the seed's messages; `upgradeCalls` then
// gives every call of that tree the 0.735 shape.

type Fields = Record<string, unknown>;

/** A 735 expression case as the seed's `Expr` (same `$typeName`, same place in a tree). */
function expr(exprOneof: g735.Expr['exprOneof']): Expr {
  return create(g735.ExprSchema, { exprOneof }) as unknown as Expr;
}

/** The library and method indices of `lib.fn` in Luau 0.735's builtin table. */
function builtinIndex(lib: string, fn: string): { library: number; method: number } {
  const library = nameTables735.builtinLibraries.findIndex((l) => l.name === lib);
  const method = nameTables735.builtinLibraries[library]?.methods.indexOf(fn) ?? -1;
  if (library < 0 || method < 0) throw new Error(`no builtin reference ${lib}.${fn} in 0.735`);
  return { library, method };
}

/** The index of a metamethod in the table of those a class may define. */
function metamethodIndex(name: string): number {
  const index = nameTables735.classMetamethods.indexOf(name);
  if (index < 0) throw new Error(`classes may not define ${name}`);
  return index;
}

/**
 * A method of a class: by a custom name (`nK`), a metamethod (`__add`), or `null`, none: the
 * constructor (`__init`).
 *
 * @example
 * ```ts
 * const m: ClassMethodPart = { name: '__len', func: build.func([build.localVar(4)], []) };
 * ```
 */
export interface ClassMethodPart {
  readonly name: number | string | null;
  readonly func: ExprFunction;
}

/**
 * A class declaration (grammar 735), the instance it assigns to `local` included.
 *
 * @example
 * ```ts
 * const parts: ClassParts = { props: [{ name: 0 }], methods: [], open: true, args: [build.number(1)], local: build.localVar(3) };
 * ```
 */
export interface ClassParts {
  readonly props: readonly { name: number; type?: Type }[];
  readonly methods: readonly ClassMethodPart[];
  /** Index among the classes declared before it in the source. */
  readonly extends?: number;
  readonly open: boolean;
  /** The arguments of the instance's props, in turn. */
  readonly args: readonly Expr[];
  readonly local: Local;
}

/**
 * Builders of the messages only grammar 735 has.
 *
 * @example
 * ```ts
 * build735.builtinRef('math', 'abs'); // math.abs, a builtin reference
 * ```
 */
export const build735 = {
  /** `lib.fn` as a builtin reference. */
  builtinRef(lib: string, fn: string): Expr {
    return expr({
      case: 'builtinRef',
      value: create(g735.ExprBuiltinRefSchema, builtinIndex(lib, fn)),
    });
  },
  /** `lib.fn(args)` where the callee is a builtin reference. */
  builtinCall(lib: string, fn: string, args: Expr[]): Expr {
    const func = create(g735.ExprPrefixSchema, {
      exprOneof: {
        case: 'builtinRef',
        value: create(g735.ExprBuiltinRefSchema, builtinIndex(lib, fn)),
      },
    });
    const paren = create(g735.ParenCallSchema, {
      func,
      self: false,
      args: args as unknown as g735.Expr[],
    });
    return expr({
      case: 'call',
      value: create(g735.ExprCallSchema, { callOneof: { case: 'paren', value: paren } }),
    });
  },
  /** `f "s"` or `f {…}`: a call without parentheses of a string or a table constructor. */
  parenless(func: Expr, arg: Expr): Expr {
    const o = arg.exprOneof;
    const argOneof: g735.ParenlessCall['argOneof'] =
      o.case === 'string'
        ? { case: 'string', value: o.value as unknown as g735.ExprConstantString }
        : o.case === 'table'
          ? { case: 'table', value: o.value as unknown as g735.ExprTable }
          : { case: undefined };
    if (argOneof.case === undefined) throw new Error('a paren-less call takes a string or table');
    const value = create(g735.ParenlessCallSchema, {
      func: build.prefix(func) as unknown as g735.ExprPrefix,
      argOneof,
    });
    return expr({
      case: 'call',
      value: create(g735.ExprCallSchema, { callOneof: { case: 'parenless', value } }),
    });
  },
  /** `local vars: types = values`, `const` when `isConst`. */
  localStat(vars: Local[], values: Expr[], isConst: boolean, types: Type[] = []): Stat {
    const s = build.localStat(vars, values, types);
    if (!isConst) return s;
    const local = create(g735.StatLocalSchema, {
      vars: vars as unknown as g735.Local[],
      values: values as unknown as g735.Expr[],
      types: types as unknown as g735.Type[],
      isConst,
    });
    return create(g735.StatSchema, {
      statOneof: { case: 'local', value: local },
    }) as unknown as Stat;
  },
  /** `const function f(…) … end` (a `local function` that is `const`). */
  constFunction(v: Local, func: ExprFunction): Stat {
    const value = create(g735.StatLocalFunctionSchema, {
      var: v as unknown as g735.Local,
      func: func as unknown as g735.ExprFunction,
      isConst: true,
    });
    return create(g735.StatSchema, {
      statOneof: { case: 'localFunction', value },
    }) as unknown as Stat;
  },
  /** `Ck.new { p = arg, … }` of the class at `index` among those declared before. */
  instance(index: number, args: readonly Expr[]): Expr {
    return expr({ case: 'classinst', value: classInst(index, args) });
  },
  /** `class Ck … end` and `local = Ck.new { … }`. */
  classStat(p: ClassParts): Stat {
    const props = p.props.map((prop) =>
      create(g735.ClassPropSchema, {
        name: build.customName(prop.name) as unknown as g735.Name,
        ...(prop.type === undefined ? {} : { type: prop.type as unknown as g735.Type }),
      }),
    );
    const methods = p.methods.map((m) =>
      create(g735.ClassMethodSchema, {
        nameOneof:
          m.name === null
            ? { case: undefined }
            : typeof m.name === 'number'
              ? { case: 'name', value: build.customName(m.name) as unknown as g735.Name }
              : {
                  case: 'metamethod',
                  value: create(g735.ClassMetamethodNameSchema, { index: metamethodIndex(m.name) }),
                },
        func: m.func as unknown as g735.ExprFunction,
      }),
    );
    const init: Fields = {
      name: create(g735.LocalSchema, { name: 0 }),
      props,
      methods,
      inst: classInst(0, p.args),
      local: p.local as unknown as g735.Local,
      isOpen: p.open,
    };
    if (p.extends !== undefined) init['extends'] = p.extends;
    const value = create(g735.StatClassSchema, init as never);
    return create(g735.StatSchema, { statOneof: { case: 'class', value } }) as unknown as Stat;
  },
};

function classInst(index: number, args: readonly Expr[]): g735.ExprClassInst {
  const [first, ...others] = args.length > 0 ? args : [build.nil()];
  return create(g735.ExprClassInstSchema, {
    index,
    firstArg: first as unknown as g735.Expr,
    otherArgs: others as unknown as g735.Expr[],
  });
}

/**
 * The tree with every call of the seed's shape (`func`, `self`, `args`) as a call of grammar
 * 735 (a `ParenCall` in an `ExprCall`): what the generator builds with the seed's messages
 * becomes a tree of 0.735's schema. Messages with no such call in them are kept as they are
 * (shared and frozen ones too); the others are copied, never changed.
 *
 * @example
 * ```ts
 * const tree = upgradeCalls(runnableModuleSet(record, options));
 * ```
 */
export function upgradeCalls<T extends object>(tree: T): T {
  return upgrade(tree) as T;
}

function upgrade(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const u = upgrade(v);
      if (u !== v) (out ??= [...value])[i] = u;
    });
    return out ?? value;
  }
  if (value instanceof Uint8Array) return value;
  const m = value as Fields;
  if (m['$typeName'] === 'luau.ExprCall' && !('callOneof' in m)) {
    const paren = create(g735.ParenCallSchema, {
      func: upgrade(m['func']) as g735.ExprPrefix,
      self: m['self'] as boolean,
      args: upgrade(m['args']) as g735.Expr[],
    });
    return create(g735.ExprCallSchema, { callOneof: { case: 'paren', value: paren } });
  }
  let out: Fields | undefined;
  for (const key of Object.keys(m)) {
    const v = m[key];
    const u = upgrade(v);
    if (u === v) continue;
    out ??= Object.assign(Object.create(Object.getPrototypeOf(m) as object) as Fields, m);
    out[key] = u;
  }
  return out ?? value;
}

/**
 * The messages in a tree of either grammar's calls (or a mix), for the node budget.
 *
 * @example
 * ```ts
 * g.nodes += countMessages(stats);
 * ```
 */
export function countMessages(value: unknown): number {
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return 0;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countMessages(v), 0);
  let n = '$typeName' in value ? 1 : 0;
  for (const v of Object.values(value)) n += countMessages(v);
  return n;
}
