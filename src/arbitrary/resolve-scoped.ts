import {
  clone,
  create,
  type DescMessage,
  type Message,
  type MessageShape,
} from '@bufbuild/protobuf';
import {
  AttrType,
  ExprAttrSchema,
  ExprLiteralSchema,
  ExprLiteralTableSchema,
  ExprBinarySchema,
  ExprCallSchema,
  ExprConstantNilSchema,
  ExprFunctionSchema,
  ExprGlobalSchema,
  ExprGroupSchema,
  ExprIfElseSchema,
  ExprIndexExprSchema,
  ExprIndexNameSchema,
  ExprInterpStringSchema,
  ExprLocalSchema,
  ExprPrefixSchema,
  ExprSchema,
  ExprTableSchema,
  ExprUnarySchema,
  ExprVarargsSchema,
  GenericTypeNameSchema,
  LValueSchema,
  LocalSchema,
  ModuleSetSchema,
  NameSchema,
  RegularTypeNameSchema,
  StatAssignSchema,
  StatBlockSchema,
  StatBreakSchema,
  StatCallSchema,
  StatCompoundAssignSchema,
  StatContinueSchema,
  StatForInSchema,
  StatForSchema,
  StatFunctionSchema,
  StatIfSchema,
  StatLocalFunctionSchema,
  StatLocalSchema,
  StatRepeatSchema,
  StatRequireIntoLocalHelperSchema,
  StatReturnSchema,
  StatSchema,
  StatTypeAliasSchema,
  StatTypeFunctionSchema,
  StatWhileSchema,
  TableItemSchema,
  TypeFunctionSchema,
  TypeIntersectionSchema,
  TypeLiteralSchema,
  TypeNameSchema,
  TypePrimitiveSchema,
  TypeSchema,
  TypeTableIndexerSchema,
  TypeTableItemSchema,
  TypeTableSchema,
  TypeTypeofSchema,
  TypeUnionSchema,
  type Expr,
  type ExprAttr,
  type ExprCall,
  type ExprFunction,
  type ExprIfElse,
  type ExprPrefix,
  type GenericTypeName,
  type LValue,
  type Local,
  type ModuleSet,
  type Name,
  type Stat,
  type StatBlock,
  type StatIf,
  type Type,
} from '../../gen/luau_pb.js';
import { copyMessage } from './copy-message.js';
import { runtimeGlobalIndices } from './names.js';
import type { ResolvedOptions } from './options.js';
import { Scope } from './scope.js';

/**
 * Locals visible at once (all enclosing functions together): far inside Luau's limits of 200
 * locals and 200 upvalues per function and 255 registers.
 *
 * @example
 * ```ts
 * MAX_VISIBLE_LOCALS < 200; // true
 * ```
 */
export const MAX_VISIBLE_LOCALS = 120;

type StatCase = Stat['statOneof'];
type ExprCase = Expr['exprOneof'];

/**
 * Resolves a raw tree of the grammar into one valid at the `syntax` or `scoped` level, by
 * construction: scopes and function frames are tracked while the tree is rebuilt, so locals
 * are declared with fresh numbers and references pick a local in scope; `...` appears only in
 * vararg functions; `break`/`continue` only in loops; nothing follows `return`, `break` or
 * `continue` in a block; type functions see no outer locals; generic names are distinct;
 * attributes are not repeated; method calls and `function a.b:c()` have their required shape.
 * At `scoped`, a read of a global names one the runtime has, and a reference with no local in
 * reach becomes such a global. Statements are dropped once the tree reaches `maxNodes`.
 *
 * @example
 * ```ts
 * const tree = new ScopedResolver(resolveOptions({ level: 'scoped' })).moduleSet(raw);
 * ```
 */
export class ScopedResolver {
  private scope = new Scope<null>();
  private nodes = 0;
  private readonly scoped: boolean;

  constructor(private readonly options: ResolvedOptions) {
    this.scoped = options.level !== 'syntax';
  }

  /** Resolves a whole tree: the module (when present) and the program, each a fresh chunk. */
  moduleSet(raw: ModuleSet): ModuleSet {
    // One budget of `maxNodes` for the module and the program together.
    this.nodes = 0;
    const module = raw.module === undefined ? undefined : this.chunk(raw.module, false);
    const program = this.chunk(raw.program ?? create(StatBlockSchema), false);
    return create(ModuleSetSchema, module === undefined ? { program } : { module, program });
  }

  /** Resolves a block as a chunk of its own (with a budget of its own unless `fresh` is false). */
  chunk(raw: StatBlock, fresh = true): StatBlock {
    this.scope = new Scope<null>();
    if (fresh) this.nodes = 0;
    return this.block(raw);
  }

  /** Resolves any message as if it stood at the start of a chunk. */
  any<Desc extends DescMessage>(desc: Desc, raw: MessageShape<Desc>): MessageShape<Desc> {
    this.scope = new Scope<null>();
    this.nodes = 0;
    const value = raw as unknown;
    let out: unknown;
    switch (desc.typeName) {
      case ModuleSetSchema.typeName:
        out = this.moduleSet(value as ModuleSet);
        break;
      case StatBlockSchema.typeName:
        out = this.block(value as StatBlock);
        break;
      case StatSchema.typeName:
        out =
          this.stat(value as Stat) ?? this.wrap({ case: 'block', value: create(StatBlockSchema) });
        break;
      case ExprSchema.typeName:
        out = this.expr(value as Expr);
        break;
      case ExprFunctionSchema.typeName:
        out = this.func(value as ExprFunction);
        break;
      case TypeSchema.typeName:
        out = this.type(value as Type);
        break;
      default:
        out = clone(desc, raw);
    }
    return out as MessageShape<Desc>;
  }

  private mk<Desc extends DescMessage>(desc: Desc, init: object): MessageShape<Desc> {
    this.nodes++;
    return create(desc, init as never);
  }

  private copy<T extends Message>(raw: T): T {
    this.nodes++;
    return copyMessage(raw);
  }

  // Statements.

  private block(raw: StatBlock): StatBlock {
    const mark = this.scope.mark();
    const body: Stat[] = [];
    for (const stat of raw.body) {
      if (this.nodes >= this.options.maxNodes) break;
      const out = this.stat(stat);
      if (out === undefined) continue;
      body.push(out);
      const c = out.statOneof.case;
      // `return`, `break` and `continue` must end their block.
      if (c === 'return' || c === 'break' || c === 'continue') break;
    }
    this.scope.release(mark);
    return this.mk(StatBlockSchema, { body });
  }

  private loopBody(raw: StatBlock | undefined): StatBlock {
    const frame = this.scope.frame;
    frame.loops++;
    const out = this.block(raw ?? create(StatBlockSchema));
    frame.loops--;
    return out;
  }

  private wrap(s: StatCase): Stat {
    return this.mk(StatSchema, { statOneof: s });
  }

  private roomFor(count: number): boolean {
    return this.scope.visible.length + count <= MAX_VISIBLE_LOCALS;
  }

  private declare(): Local {
    return this.mk(LocalSchema, { name: this.scope.declare(null) });
  }

  private stat(raw: Stat): Stat | undefined {
    const s = raw.statOneof;
    const frame = this.scope.frame;
    switch (s.case) {
      case undefined:
        return undefined;
      case 'block':
        return this.wrap({ case: 'block', value: this.block(s.value) });
      case 'if':
        return this.wrap({ case: 'if', value: this.statIf(s.value) });
      case 'while': {
        const cond = this.expr(s.value.cond);
        const body = this.loopBody(s.value.body);
        return this.wrap({ case: 'while', value: this.mk(StatWhileSchema, { cond, body }) });
      }
      case 'repeat': {
        // The condition sees only the locals outside the body: with a `continue` in the body,
        // Luau rejects an `until` that uses a local declared after it.
        const body = this.loopBody(s.value.body);
        const cond = this.expr(s.value.cond);
        return this.wrap({ case: 'repeat', value: this.mk(StatRepeatSchema, { body, cond }) });
      }
      case 'break':
        if (frame.loops === 0) return undefined;
        return this.wrap({ case: 'break', value: this.mk(StatBreakSchema, {}) });
      case 'continue':
        if (frame.loops === 0) return undefined;
        return this.wrap({ case: 'continue', value: this.mk(StatContinueSchema, {}) });
      case 'return':
        return this.wrap({
          case: 'return',
          value: this.mk(StatReturnSchema, { list: s.value.list.map((e) => this.expr(e)) }),
        });
      case 'call':
        return this.wrap({
          case: 'call',
          value: this.mk(StatCallSchema, { expr: this.call(s.value.expr) }),
        });
      case 'local': {
        if (!this.roomFor(s.value.vars.length)) return undefined;
        const values = s.value.values.map((e) => this.expr(e));
        const types = this.annotations(s.value.types.slice(0, s.value.vars.length));
        const vars = s.value.vars.map(() => this.declare());
        return this.wrap({
          case: 'local',
          value: this.mk(StatLocalSchema, { vars, values, types }),
        });
      }
      case 'for': {
        if (!this.roomFor(1)) return undefined;
        const from = this.expr(s.value.from);
        const to = this.expr(s.value.to);
        const step = s.value.step === undefined ? undefined : this.expr(s.value.step);
        const mark = this.scope.mark();
        const v = this.declare();
        const body = this.loopBody(s.value.body);
        this.scope.release(mark);
        const init = { var: v, from, to, body, ...(step === undefined ? {} : { step }) };
        return this.wrap({ case: 'for', value: this.mk(StatForSchema, init) });
      }
      case 'forIn': {
        if (!this.roomFor(s.value.vars.length)) return undefined;
        const values = s.value.values.map((e) => this.expr(e));
        const mark = this.scope.mark();
        const vars = s.value.vars.map(() => this.declare());
        const body = this.loopBody(s.value.body);
        this.scope.release(mark);
        return this.wrap({
          case: 'forIn',
          value: this.mk(StatForInSchema, { vars, values, body }),
        });
      }
      case 'assign': {
        const values = s.value.values.map((e) => this.expr(e));
        const vars = s.value.vars.map((v) => this.lvalue(v));
        return this.wrap({ case: 'assign', value: this.mk(StatAssignSchema, { vars, values }) });
      }
      case 'compoundAssign': {
        const value = this.expr(s.value.value);
        const v = this.lvalue(s.value.var);
        return this.wrap({
          case: 'compoundAssign',
          value: this.mk(StatCompoundAssignSchema, { op: s.value.op, var: v, value }),
        });
      }
      case 'function': {
        const v = this.funcName(s.value.var);
        const self = s.value.self && v.lvalueOneof.case === 'indexName';
        const func = this.func(s.value.func);
        return this.wrap({
          case: 'function',
          value: this.mk(StatFunctionSchema, { var: v, func, self }),
        });
      }
      case 'localFunction': {
        if (!this.roomFor(1)) return undefined;
        const v = this.declare();
        const func = this.func(s.value.func);
        return this.wrap({
          case: 'localFunction',
          value: this.mk(StatLocalFunctionSchema, { var: v, func }),
        });
      }
      case 'typeAlias': {
        if (this.scope.inTypeFunction()) return undefined;
        const [generics, genericpacks] = distinctGenerics(s.value.generics, s.value.genericpacks);
        return this.wrap({
          case: 'typeAlias',
          value: this.mk(StatTypeAliasSchema, {
            export: s.value.export,
            name: this.copy(s.value.name ?? create(RegularTypeNameSchema)),
            type: this.type(s.value.type),
            generics,
            genericpacks,
          }),
        });
      }
      case 'typeFunction': {
        if (this.scope.inTypeFunction()) return undefined;
        const func = this.func(s.value.func, true);
        return this.wrap({
          case: 'typeFunction',
          value: this.mk(StatTypeFunctionSchema, {
            export: s.value.export,
            name: this.copy(s.value.name ?? create(RegularTypeNameSchema)),
            func,
          }),
        });
      }
      case 'requireIntoLocal': {
        if (!this.options.features.modules || !this.roomFor(1)) return undefined;
        const v = this.declare();
        return this.wrap({
          case: 'requireIntoLocal',
          value: this.mk(StatRequireIntoLocalHelperSchema, { var: v, modulenum: 0 }),
        });
      }
    }
  }

  private statIf(raw: StatIf): StatIf {
    const cond = this.expr(raw.cond);
    const then = this.block(raw.then ?? create(StatBlockSchema));
    const e = raw.elseOneof;
    const elseOneof =
      e.case === 'else'
        ? { case: 'else' as const, value: this.block(e.value) }
        : e.case === 'elseif'
          ? { case: 'elseif' as const, value: this.statIf(e.value) }
          : undefined;
    return this.mk(StatIfSchema, { cond, then, ...(elseOneof === undefined ? {} : { elseOneof }) });
  }

  // Functions.

  private func(raw: ExprFunction | undefined, typeFunction = false): ExprFunction {
    const f = raw ?? create(ExprFunctionSchema);
    // Type functions take no attributes here; nothing in them has generics or annotations
    // (they run in their own environment and must not reach outer locals).
    const plain = typeFunction || this.scope.inTypeFunction();
    const [generics, genericpacks] = plain
      ? [[], []]
      : distinctGenerics(f.generics, f.genericpacks);
    const attributes = typeFunction ? [] : this.attributes(f.attributes);
    const types = plain ? [] : this.annotations(f.types.slice(0, f.args.length));
    const rettypes = plain ? [] : this.annotations(f.rettypes);
    this.scope.pushFrame(f.vararg, typeFunction);
    const args = this.roomFor(f.args.length) ? f.args.map(() => this.declare()) : [];
    const body = this.block(f.body ?? create(StatBlockSchema));
    this.scope.popFrame();
    return this.mk(ExprFunctionSchema, {
      generics,
      genericpacks,
      args,
      vararg: f.vararg,
      body,
      types: types.slice(0, args.length),
      rettypes,
      attributes,
    });
  }

  private attributes(raw: readonly ExprAttr[]): ExprAttr[] {
    const seen = new Set<number>();
    const out: ExprAttr[] = [];
    for (const a of raw) {
      // An attribute may appear once per function.
      if (seen.has(a.type)) continue;
      seen.add(a.type);
      // `@deprecated` takes no argument or one table with string fields `use` and `reason`
      // (which no name of the table spells): an argument is kept as `{}`.
      const args =
        a.type === AttrType.Deprecated && a.args.length > 0
          ? [
              this.mk(ExprLiteralSchema, {
                exprOneof: { case: 'table', value: this.mk(ExprLiteralTableSchema, {}) },
              }),
            ]
          : [];
      out.push(this.mk(ExprAttrSchema, { type: a.type, braced: a.braced, args }));
    }
    return out;
  }

  private annotations(raw: readonly Type[]): Type[] {
    if (this.scope.inTypeFunction()) return [];
    return raw.map((t) => this.type(t));
  }

  // Expressions.

  /** A reference to a local in reach, or `undefined` when there is none to pick. */
  private localRef(hint: Local | undefined): Local | undefined {
    const reach = this.scope.reachable();
    if (reach.length > 0) {
      const picked = reach[Math.abs(hint?.name ?? 0) % reach.length]!;
      return this.mk(LocalSchema, { name: picked.name });
    }
    // No local in reach: at the syntax level an undeclared name reads a global, except in a
    // type function, where it could name a local of an enclosing function.
    if (!this.scoped && this.scope.visible.length === 0) {
      return this.mk(LocalSchema, { name: (hint?.name ?? 0) & 0xff });
    }
    return undefined;
  }

  private globalName(raw: Name | undefined, reading: boolean): Name {
    const o = raw?.nameOneof;
    if (!this.scoped || !reading) {
      return raw === undefined || o?.case === undefined
        ? this.mk(NameSchema, { nameOneof: { case: 'custom', value: 0 } })
        : this.copy(raw);
    }
    const hint = o?.case === undefined ? 0 : Math.abs(o.value);
    const index =
      o?.case === 'builtin' && runtimeGlobalIndices().includes(o.value)
        ? o.value
        : runtimeGlobalIndices()[hint % runtimeGlobalIndices().length]!;
    return this.mk(NameSchema, { nameOneof: { case: 'builtin', value: index } });
  }

  private global(raw: Name | undefined, reading = true) {
    return this.mk(ExprGlobalSchema, { name: this.globalName(raw, reading) });
  }

  private local(hint: Local | undefined) {
    const v = this.localRef(hint);
    return v === undefined ? undefined : this.mk(ExprLocalSchema, { var: v });
  }

  private name(raw: Name | undefined): Name {
    return raw === undefined || raw.nameOneof.case === undefined
      ? this.mk(NameSchema, { nameOneof: { case: 'custom', value: 0 } })
      : this.copy(raw);
  }

  private expr(raw: Expr | undefined): Expr {
    // Past the budget, every further expression is `nil`: the tree stays valid and stops growing.
    const e = this.nodes >= this.options.maxNodes ? undefined : raw?.exprOneof;
    return this.mk(ExprSchema, { exprOneof: this.exprCase(e) });
  }

  private nil(): ExprCase {
    return { case: 'nil', value: this.mk(ExprConstantNilSchema, {}) };
  }

  private exprCase(e: ExprCase | undefined): ExprCase {
    switch (e?.case) {
      case undefined:
        return this.nil();
      case 'nil':
      case 'bool':
      case 'number':
      case 'string':
      case 'integer':
        return { case: e.case, value: this.copy(e.value) } as ExprCase;
      case 'varargs':
        return this.scope.frame.vararg
          ? { case: 'varargs', value: this.mk(ExprVarargsSchema, {}) }
          : this.nil();
      case 'local': {
        const l = this.local(e.value.var);
        return l === undefined
          ? { case: 'global', value: this.global(undefined) }
          : { case: 'local', value: l };
      }
      case 'global': {
        // At the scoped level a name the runtime lacks is read from a local when one is in
        // reach (else from a global the runtime has).
        const o = e.value.name?.nameOneof;
        const real = o?.case === 'builtin' && runtimeGlobalIndices().includes(o.value);
        const l =
          this.scoped && !real
            ? this.local(create(LocalSchema, { name: o?.value ?? 0 }))
            : undefined;
        return l === undefined
          ? { case: 'global', value: this.global(e.value.name) }
          : { case: 'local', value: l };
      }
      case 'group':
        return {
          case: 'group',
          value: this.mk(ExprGroupSchema, { expr: this.expr(e.value.expr) }),
        };
      case 'call':
        return { case: 'call', value: this.call(e.value) };
      case 'indexName':
        return {
          case: 'indexName',
          value: this.mk(ExprIndexNameSchema, {
            expr: this.prefix(e.value.expr),
            index: this.name(e.value.index),
          }),
        };
      case 'indexExpr':
        return {
          case: 'indexExpr',
          value: this.mk(ExprIndexExprSchema, {
            expr: this.prefix(e.value.expr),
            index: this.expr(e.value.index),
          }),
        };
      case 'function':
        return { case: 'function', value: this.func(e.value) };
      case 'table':
        return {
          case: 'table',
          value: this.mk(ExprTableSchema, {
            items: e.value.items.map((item) => {
              const k = item.itemOneof;
              const itemOneof =
                k.case === 'keyName'
                  ? { case: 'keyName' as const, value: this.name(k.value) }
                  : k.case === 'keyExpr'
                    ? { case: 'keyExpr' as const, value: this.expr(k.value) }
                    : undefined;
              const value = this.expr(item.value);
              return this.mk(TableItemSchema, {
                value,
                ...(itemOneof === undefined ? {} : { itemOneof }),
              });
            }),
          }),
        };
      case 'unary':
        return {
          case: 'unary',
          value: this.mk(ExprUnarySchema, { op: e.value.op, expr: this.expr(e.value.expr) }),
        };
      case 'binary':
        return {
          case: 'binary',
          value: this.mk(ExprBinarySchema, {
            op: e.value.op,
            left: this.expr(e.value.left),
            right: this.expr(e.value.right),
          }),
        };
      case 'ifelse':
        return { case: 'ifelse', value: this.ifElse(e.value) };
      case 'interpstring':
        return {
          case: 'interpstring',
          value: this.mk(ExprInterpStringSchema, {
            parts: e.value.parts.map((p) => this.expr(p)),
          }),
        };
    }
  }

  private ifElse(raw: ExprIfElse): ExprIfElse {
    const cond = this.expr(raw.cond);
    const then = this.expr(raw.then);
    const e = raw.elseOneof;
    // An if-expression must have an `else`.
    const elseOneof =
      e.case === 'elseif'
        ? { case: 'elseif' as const, value: this.ifElse(e.value) }
        : { case: 'else' as const, value: this.expr(e.case === 'else' ? e.value : undefined) };
    return this.mk(ExprIfElseSchema, { cond, then, elseOneof });
  }

  private call(raw: ExprCall | undefined): ExprCall {
    const c = raw ?? create(ExprCallSchema);
    const func = this.prefix(c.func);
    // `a:b(...)` needs a name after `:`: only an index by name can be a method call.
    const self = c.self && func.exprOneof.case === 'indexName';
    return this.mk(ExprCallSchema, { func, self, args: c.args.map((a) => this.expr(a)) });
  }

  private prefix(raw: ExprPrefix | undefined): ExprPrefix {
    const e = raw?.exprOneof;
    let out: ExprPrefix['exprOneof'];
    switch (e?.case) {
      case undefined:
        out = { case: 'global', value: this.global(undefined) };
        break;
      case 'local':
      case 'global':
      case 'group':
      case 'call':
      case 'indexName':
      case 'indexExpr':
        out = this.exprCase(e) as ExprPrefix['exprOneof'];
        break;
    }
    return this.mk(ExprPrefixSchema, { exprOneof: out });
  }

  private lvalue(raw: LValue | undefined): LValue {
    const v = raw?.lvalueOneof;
    let out: LValue['lvalueOneof'];
    switch (v?.case) {
      case 'local': {
        const l = this.local(v.value.var);
        out =
          l === undefined
            ? { case: 'global', value: this.global(undefined, false) }
            : { case: 'local', value: l };
        break;
      }
      case 'indexName':
      case 'indexExpr':
        out = this.exprCase(v) as LValue['lvalueOneof'];
        break;
      case 'global':
        out = { case: 'global', value: this.global(v.value.name, false) };
        break;
      case undefined:
        out = { case: 'global', value: this.global(undefined, false) };
    }
    return this.mk(LValueSchema, { lvalueOneof: out });
  }

  /** The target of `function NAME(...)`: a name, then `.name`s (`function a.b.c()`). */
  private funcName(raw: LValue | undefined): LValue {
    const v = raw?.lvalueOneof;
    if (v?.case === 'indexName') {
      return this.mk(LValueSchema, {
        lvalueOneof: {
          case: 'indexName',
          value: this.mk(ExprIndexNameSchema, {
            expr: this.funcNamePrefix(v.value.expr),
            index: this.name(v.value.index),
          }),
        },
      });
    }
    if (v?.case === 'local' || v?.case === 'global') return this.lvalue(raw);
    return this.mk(LValueSchema, {
      lvalueOneof: { case: 'global', value: this.global(undefined, false) },
    });
  }

  private funcNamePrefix(raw: ExprPrefix | undefined): ExprPrefix {
    const e = raw?.exprOneof;
    if (e?.case === 'indexName') {
      return this.mk(ExprPrefixSchema, {
        exprOneof: {
          case: 'indexName',
          value: this.mk(ExprIndexNameSchema, {
            expr: this.funcNamePrefix(e.value.expr),
            index: this.name(e.value.index),
          }),
        },
      });
    }
    if (e?.case === 'local' || e?.case === 'global') return this.prefix(raw);
    return this.mk(ExprPrefixSchema, {
      exprOneof: { case: 'global', value: this.global(undefined) },
    });
  }

  // Types.

  private type(raw: Type | undefined): Type {
    const t = this.nodes >= this.options.maxNodes ? undefined : raw?.typeOneof;
    let out: Type['typeOneof'];
    switch (t?.case) {
      case undefined:
        out = { case: 'primitive', value: this.mk(TypePrimitiveSchema, { kind: 0 }) };
        break;
      case 'primitive':
      case 'boolean':
      case 'string':
      case 'extern':
      case 'ref':
        out = { case: t.case, value: this.copy(t.value) } as Type['typeOneof'];
        break;
      case 'literal':
        out = {
          case: 'literal',
          value: this.mk(TypeLiteralSchema, {
            name: this.copy(t.value.name ?? create(TypeNameSchema)),
            generics: t.value.generics.map((g) => this.type(g)),
            genericpacks: t.value.genericpacks.map((g) => this.copy(g)),
          }),
        };
        break;
      case 'table': {
        const indexer = t.value.indexer;
        out = {
          case: 'table',
          value: this.mk(TypeTableSchema, {
            items: t.value.items.map((item) =>
              this.mk(TypeTableItemSchema, {
                ...(item.access === undefined ? {} : { access: item.access }),
                key: this.name(item.key),
                type: this.type(item.type),
              }),
            ),
            ...(indexer === undefined
              ? {}
              : {
                  indexer: this.mk(TypeTableIndexerSchema, {
                    ...(indexer.access === undefined ? {} : { access: indexer.access }),
                    key: this.type(indexer.key),
                    value: this.type(indexer.value),
                  }),
                }),
          }),
        };
        break;
      }
      case 'function': {
        const [generics, genericpacks] = distinctGenerics(t.value.generics, t.value.genericpacks);
        out = {
          case: 'function',
          value: this.mk(TypeFunctionSchema, {
            generics,
            genericpacks,
            args: t.value.args.map((a) => this.type(a)),
            rets: t.value.rets.map((r) => this.type(r)),
          }),
        };
        break;
      }
      case 'typeof':
        out = {
          case: 'typeof',
          value: this.mk(TypeTypeofSchema, { expr: this.expr(t.value.expr) }),
        };
        break;
      case 'union':
        out = {
          case: 'union',
          value: this.mk(TypeUnionSchema, {
            left: this.type(t.value.left),
            right: this.type(t.value.right),
          }),
        };
        break;
      case 'intersection':
        out = {
          case: 'intersection',
          value: this.mk(TypeIntersectionSchema, {
            left: this.type(t.value.left),
            right: this.type(t.value.right),
          }),
        };
        break;
    }
    return this.mk(TypeSchema, { typeOneof: out });
  }
}

/** Generic names and pack names with no name twice (`<A, A...>` is rejected). */
export function distinctGenerics(
  generics: readonly GenericTypeName[],
  packs: readonly GenericTypeName[],
): [GenericTypeName[], GenericTypeName[]] {
  const seen = new Set<number>();
  const keep = (list: readonly GenericTypeName[]) =>
    list
      .filter((g) => {
        const key = g.index % 26;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .map((g) => clone(GenericTypeNameSchema, g));
  return [keep(generics), keep(packs)];
}
