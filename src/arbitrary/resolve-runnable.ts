import { create, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import {
  ExprAttrSchema,
  ExprBinary_Op,
  ExprFunctionSchema,
  ExprIfElseSchema,
  ExprInterpStringSchema,
  ExprSchema,
  ExprTableSchema,
  ExprUnary_Op,
  LocalSchema,
  ModuleSetSchema,
  StatAssignSchema,
  StatBlockSchema,
  StatBreakSchema,
  StatCompoundAssignSchema,
  StatCompoundAssign_Op,
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
  StatWhileSchema,
  TableItemSchema,
  TypePrimitiveSchema,
  TypeSchema,
  type Expr,
  type ExprAttr,
  type ExprFunction,
  type ExprIfElse,
  type LValue,
  type Local,
  type ModuleSet,
  type Name,
  type Stat,
  type StatBlock,
  type StatIf,
  type Type,
} from '../../gen/luau_pb.js';
import { build } from './build.js';
import { treeStats } from '../tree/index.js';
import { runtimeGlobals } from './names.js';
import type { ResolvedOptions } from './options.js';
import { distinctGenerics, MAX_VISIBLE_LOCALS, ScopedResolver } from './resolve-scoped.js';
import { Scope, type VisibleLocal } from './scope.js';

/**
 * Loop iterations a whole chunk may run: every loop body starts by taking one from the
 * chunk's fuel table (`l0[1]`) and leaves the loop when none is left.
 *
 * @example
 * ```ts
 * // every runnable chunk starts with: local l0 = {LOOP_FUEL}
 * ```
 */
export const LOOP_FUEL = 100;

/**
 * Longest string kept by an assignment: strings assigned in loops cannot grow without bound.
 *
 * @example
 * ```ts
 * // s = string.sub(s .. t, 1, MAX_STRING)
 * ```
 */
export const MAX_STRING = 64;

/**
 * What the runnable resolver knows about a local's value.
 *
 * @example
 * ```ts
 * const kind: ValueKind = { type: 'function', arity: 2, vararg: false };
 * ```
 */
export type ValueKind =
  | { type: 'number' | 'string' | 'boolean' | 'table' | 'fuel' | 'pending' }
  | { type: 'function'; arity: number; vararg: boolean; field?: number; self?: boolean };

type Scalar = 'number' | 'string' | 'boolean';

const NUMBER_TYPE = 4;
const STRING_TYPE = 6;
const BOOLEAN_TYPE = 1;
const ANY_TYPE = 0;

const mathUnary = ['abs', 'floor', 'ceil', 'sqrt', 'sin', 'cos', 'exp', 'log', 'sign', 'round'];
const stringUnary = ['upper', 'lower', 'reverse'];

/**
 * Resolves a raw tree of the grammar into a program that runs to completion without error
 * and prints the same output every time (the `runnable` level; `typed` adds the matching type
 * annotations). The raw tree's shape steers a type-directed rebuild: every expression is made
 * a number, a string or a boolean as its context needs, so operators only meet operands they
 * accept and library calls get valid arguments; tables hold numbers and are read with a
 * default (`t.x or 0`); functions take and return numbers and call only functions declared
 * before them (no recursion); every loop body (but that of a `while false`) first takes one
 * unit of fuel from the table `l0` (declared first when anything uses it, so loops cost no
 * other local) and leaves when none is left; strings are cut to {@link MAX_STRING} bytes when
 * assigned; nothing prints addresses, time or randomness, and iteration is `ipairs` only.
 * The program ends by printing its top-level values and the fuel left (when it has any): a
 * checksum to compare runtimes with. A module returns a number, which `require(module0)`
 * gives the program.
 *
 * @example
 * ```ts
 * const tree = new RunnableResolver(resolveOptions({ level: 'runnable' })).moduleSet(raw);
 * ```
 */
export class RunnableResolver {
  private scope = new Scope<ValueKind>();
  private nodes = 0;
  private fields = 0;
  private fuel: Local = create(LocalSchema, { name: 0 });
  private hasModule = false;
  private inModule = false;
  private role: 'program' | 'module' = 'program';
  private fuelUsed = false;
  /** Blocks open below the chunk's own. */
  private blocks = 0;
  private readonly typed: boolean;

  constructor(private readonly options: ResolvedOptions) {
    this.typed = options.level === 'typed';
  }

  /** Resolves a whole tree: the module (a chunk returning a number) and the program. */
  moduleSet(raw: ModuleSet): ModuleSet {
    // No module at the typed level: `require(module0)` names a global (`module0`) that only
    // the runner provides, which the strict type checker reports as unknown.
    this.hasModule = raw.module !== undefined && this.options.features.modules && !this.typed;
    // One budget of `maxNodes` for the module and the program together.
    this.nodes = 0;
    const module = this.hasModule ? this.chunk(raw.module!, 'module', false) : undefined;
    const program = this.chunk(raw.program ?? create(StatBlockSchema), 'program', false);
    return create(ModuleSetSchema, module === undefined ? { program } : { module, program });
  }

  /** Resolves a block as a chunk: fuel first, then the statements, then the checksum or return. */
  chunk(raw: StatBlock, role: 'program' | 'module' = 'program', fresh = true): StatBlock {
    this.scope = new Scope<ValueKind>();
    if (fresh) this.nodes = 0;
    this.fields = 0;
    this.inModule = role === 'module';
    this.role = role;
    const fuelName = this.scope.declare({ type: 'fuel' });
    this.fuel = create(LocalSchema, { name: fuelName });
    this.fuelUsed = false;
    const body: Stat[] = [];
    this.statements(raw, body);
    if (role === 'module') {
      if (body[body.length - 1]?.statOneof.case !== 'return') {
        body.push(this.returnStat(this.number(undefined)));
      }
    } else {
      body.push(...this.checksum());
    }
    // The fuel table is declared only when something uses it (a loop that may run, a
    // function stored in it), so a small program stays small.
    if (this.fuelUsed) {
      body.unshift(
        this.localStat(
          [this.fuel],
          [this.table([build.number(LOOP_FUEL)])],
          this.typed ? [this.primitive(ANY_TYPE)] : [],
        ),
      );
    }
    return create(StatBlockSchema, { body });
  }

  /** Resolves an expression alone, as a number. */
  expression(raw: Expr | undefined): Expr {
    this.scope = new Scope<ValueKind>();
    return this.number(raw);
  }

  // Statements.

  private statements(raw: StatBlock, body: Stat[]): void {
    for (const stat of raw.body) {
      // Room is kept for what every chunk ends with: the checksum (or the module's return)
      // and the returns that close the enclosing functions.
      const reserve = 24 + 3 * this.scope.visible.length + 6 * this.scope.frames.length;
      if (this.nodes + reserve >= this.options.maxNodes) break;
      const before = this.nodes;
      const out = this.stat(stat);
      if (out === undefined) continue;
      // The running count is an estimate while a statement is built; it is made exact after
      // each statement of the chunk itself (measuring nested ones too would cost O(n * depth)).
      if (this.blocks === 0) this.nodes = before + treeStats(StatSchema, out).nodes;
      body.push(out);
      const c = out.statOneof.case;
      if (c === 'return' || c === 'break' || c === 'continue') break;
    }
  }

  private block(raw: StatBlock | undefined, prefix: Stat[] = []): StatBlock {
    const mark = this.scope.mark();
    const body = [...prefix];
    this.blocks++;
    if (raw !== undefined) this.statements(raw, body);
    this.blocks--;
    this.scope.release(mark);
    return this.mk(StatBlockSchema, { body });
  }

  /** The fuel table, marked as used. */
  private fuelRef(): Expr {
    this.fuelUsed = true;
    return this.ref(this.fuel.name);
  }

  /**
   * A loop body: one unit of fuel taken first (unless the loop never runs its body), then the
   * statements.
   */
  private loopBody(raw: StatBlock | undefined, before?: () => void, guarded = true): StatBlock {
    const frame = this.scope.frame;
    frame.loops++;
    const mark = this.scope.mark();
    before?.();
    // A `break` straight in the body would end the loop at once: only conditional ones stay
    // (in an `if`), so loops iterate until their condition or the fuel ends them.
    const body =
      raw === undefined
        ? undefined
        : create(StatBlockSchema, { body: raw.body.filter((s) => s.statOneof.case !== 'break') });
    const out = this.block(body, guarded ? this.fuelGuard() : []);
    this.scope.release(mark);
    frame.loops--;
    return out;
  }

  private fuelGuard(): Stat[] {
    const left = build.indexExpr(this.fuelRef(), build.number(1));
    const empty = build.binary(ExprBinary_Op.CompareLe, left, build.number(0));
    const leave = this.mk(StatIfSchema, {
      cond: empty,
      then: create(StatBlockSchema, {
        body: [this.wrap({ case: 'break', value: create(StatBreakSchema) })],
      }),
    });
    const take = this.options.features.compoundAssignment
      ? this.wrap({
          case: 'compoundAssign',
          value: create(StatCompoundAssignSchema, {
            op: StatCompoundAssign_Op.Sub,
            var: build.lvalue(left),
            value: build.number(1),
          }),
        })
      : this.wrap({
          case: 'assign',
          value: create(StatAssignSchema, {
            vars: [build.lvalue(left)],
            values: [build.binary(ExprBinary_Op.Sub, left, build.number(1))],
          }),
        });
    this.nodes += 12;
    return [this.wrap({ case: 'if', value: leave }), take];
  }

  private checksum(): Stat[] {
    const values: Expr[] = [];
    for (const v of this.scope.visible) {
      const k = v.kind.type;
      if (k === 'number' || k === 'string' || k === 'boolean') values.push(this.ref(v.name));
      else if (k === 'table') values.push(build.unary(ExprUnary_Op.Len, this.ref(v.name)));
    }
    if (this.fuelUsed) values.push(build.indexExpr(this.fuelRef(), build.number(1)));
    const out: Stat[] = [];
    for (let i = 0; i < values.length; i += 8) {
      out.push(build.callStat(build.call(build.global('print'), values.slice(i, i + 8))));
    }
    return out;
  }

  private wrap(s: Stat['statOneof']): Stat {
    return this.mk(StatSchema, { statOneof: s });
  }

  private mk<Desc extends DescMessage>(desc: Desc, init: object): MessageShape<Desc> {
    this.nodes++;
    return create(desc, init as never);
  }

  private spent(): boolean {
    return this.nodes >= this.options.maxNodes;
  }

  private roomFor(count: number): boolean {
    return this.scope.visible.length + count <= MAX_VISIBLE_LOCALS;
  }

  private declare(kind: ValueKind): Local {
    return this.mk(LocalSchema, { name: this.scope.declare(kind) });
  }

  private ref(name: number): Expr {
    this.nodes += 3;
    return build.local(name);
  }

  private localStat(vars: Local[], values: Expr[], types: Type[]): Stat {
    return this.wrap({ case: 'local', value: this.mk(StatLocalSchema, { vars, values, types }) });
  }

  private returnStat(value: Expr): Stat {
    return this.wrap({ case: 'return', value: this.mk(StatReturnSchema, { list: [value] }) });
  }

  private stat(raw: Stat): Stat | undefined {
    const s = raw.statOneof;
    const frame = this.scope.frame;
    const f = this.options.features;
    switch (s.case) {
      case undefined:
        return undefined;
      case 'block':
        return this.wrap({ case: 'block', value: this.block(s.value) });
      case 'if':
        return this.wrap({ case: 'if', value: this.statIf(s.value) });
      case 'while': {
        const cond = this.boolean(s.value.cond);
        // `while false` never runs its body: no fuel needed.
        const never = cond.exprOneof.case === 'bool' && !cond.exprOneof.value.val;
        const body = this.loopBody(s.value.body, undefined, !never);
        return this.wrap({ case: 'while', value: this.mk(StatWhileSchema, { cond, body }) });
      }
      case 'repeat': {
        const body = this.loopBody(s.value.body);
        const cond = this.boolean(s.value.cond);
        return this.wrap({ case: 'repeat', value: this.mk(StatRepeatSchema, { body, cond }) });
      }
      case 'for': {
        if (!this.roomFor(1)) return undefined;
        const from = this.number(s.value.from);
        const to = this.number(s.value.to);
        // A constant, non-zero step: a zero step is a runtime error.
        const stepHint = s.value.step?.exprOneof;
        const step =
          stepHint === undefined
            ? undefined
            : build.number(
                stepHint.case === 'number' && stepHint.value.val !== 0
                  ? clampStep(stepHint.value.val)
                  : 1,
              );
        let v: Local | undefined;
        const body = this.loopBody(s.value.body, () => {
          v = this.declare({ type: 'number' });
        });
        return this.wrap({
          case: 'for',
          value: this.mk(StatForSchema, {
            var: v,
            from,
            to,
            body,
            ...(step === undefined ? {} : { step }),
          }),
        });
      }
      case 'forIn': {
        if (!this.roomFor(2)) return undefined;
        // Only `ipairs` over a table of numbers: its order is defined.
        const source = this.tableValue(s.value.values[0]);
        const values = [build.call(build.global('ipairs'), [source])];
        let vars: Local[] = [];
        const count = Math.min(2, Math.max(1, s.value.vars.length));
        const body = this.loopBody(s.value.body, () => {
          vars = Array.from({ length: count }, () => this.declare({ type: 'number' }));
        });
        return this.wrap({
          case: 'forIn',
          value: this.mk(StatForInSchema, { vars, values, body }),
        });
      }
      case 'break':
        if (frame.loops === 0) return undefined;
        return this.wrap({ case: 'break', value: this.mk(StatBreakSchema, {}) });
      case 'continue':
        if (frame.loops === 0) return undefined;
        return this.wrap({ case: 'continue', value: this.mk(StatContinueSchema, {}) });
      case 'return':
        // Functions return one number; a module returns its value; the program's chunk never
        // returns (its checksum must print).
        if (this.scope.frames.length === 1 && !this.inModule) return undefined;
        return this.returnStat(this.number(s.value.list[0]));
      case 'call':
        return this.callStat(s.value.expr?.args ?? [], s.value.expr?.func?.exprOneof.case);
      case 'local': {
        const count = Math.max(1, Math.min(3, s.value.vars.length));
        if (!this.roomFor(count)) return undefined;
        const kinds: ValueKind[] = [];
        const values: Expr[] = [];
        for (let i = 0; i < count; i++) {
          // More names than values: the last value's shape serves the rest.
          const rawValue = s.value.values[Math.min(i, s.value.values.length - 1)];
          const kind = kindOf(rawValue);
          if (kind === 'function') {
            const fn = this.func(
              rawValue?.exprOneof.case === 'function' ? rawValue.exprOneof.value : undefined,
            );
            kinds.push({ type: 'function', arity: fn.args.length, vararg: fn.vararg });
            values.push(this.mk(ExprSchema, { exprOneof: { case: 'function', value: fn } }));
          } else if (kind === 'table') {
            kinds.push({ type: 'table' });
            values.push(this.tableValue(rawValue));
          } else {
            kinds.push({ type: kind });
            values.push(this.scalar(kind, rawValue));
          }
        }
        const types = this.typed ? kinds.map((k) => this.annotation(k)) : [];
        const vars = kinds.map((k) => this.declare(k));
        return this.localStat(vars, values, types);
      }
      case 'localFunction': {
        if (!this.roomFor(1)) return undefined;
        // Declared before its body (so the body sees the name) but not callable there: no
        // recursion.
        const v = this.declare({ type: 'pending' });
        const fn = this.func(s.value.func);
        const entry = this.scope.visible[this.scope.visible.length - 1]!;
        entry.kind = { type: 'function', arity: fn.args.length, vararg: fn.vararg };
        return this.wrap({
          case: 'localFunction',
          value: this.mk(StatLocalFunctionSchema, { var: v, func: fn }),
        });
      }
      case 'function': {
        // `function l0.n<k>(...)` (or `l0:n<k>`): a field of the fuel table, so no global is
        // defined and no runtime global is replaced.
        const field = this.fields++;
        const self = s.value.self;
        const fn = this.func(s.value.func);
        const target = build.indexName(this.fuelRef(), build.customName(field));
        this.scope.visible.push({
          name: -1 - field,
          kind: { type: 'function', arity: fn.args.length, vararg: fn.vararg, field, self },
        });
        return this.wrap({
          case: 'function',
          value: this.mk(StatFunctionSchema, { var: build.lvalue(target), func: fn, self }),
        });
      }
      case 'assign':
        return this.assign(s.value.vars, s.value.values);
      case 'compoundAssign':
        return f.compoundAssignment
          ? this.compound(s.value.op, s.value.var, s.value.value)
          : undefined;
      case 'typeAlias':
      case 'typeFunction': {
        // No effect at run time: resolved as at the scoped level, on their own.
        if (this.typed || this.scope.frames.length > 1) return undefined;
        const scoped = new ScopedResolver({
          ...this.options,
          level: 'scoped',
          features: { ...this.options.features, modules: false },
        });
        const out = scoped.any(StatSchema, raw);
        this.nodes += 10;
        return out;
      }
      case 'requireIntoLocal': {
        // Only the program requires the module (a module requiring itself would get nil).
        if (!this.hasModule || this.role !== 'program' || !this.roomFor(1)) return undefined;
        const v = this.declare({ type: 'number' });
        return this.wrap({
          case: 'requireIntoLocal',
          value: this.mk(StatRequireIntoLocalHelperSchema, { var: v, modulenum: 0 }),
        });
      }
    }
  }

  private statIf(raw: StatIf): StatIf {
    const cond = this.boolean(raw.cond);
    const then = this.block(raw.then);
    const e = raw.elseOneof;
    const elseOneof =
      e.case === 'else'
        ? { case: 'else' as const, value: this.block(e.value) }
        : e.case === 'elseif'
          ? { case: 'elseif' as const, value: this.statIf(e.value) }
          : undefined;
    return this.mk(StatIfSchema, { cond, then, ...(elseOneof === undefined ? {} : { elseOneof }) });
  }

  private callStat(rawArgs: readonly Expr[], hint: string | undefined): Stat | undefined {
    const fns = this.reachable((k) => k.type === 'function');
    const tables = this.reachable((k) => k.type === 'table');
    if (hint === 'local' && fns.length > 0) {
      return build.callStat(this.callFunction(fns[rawArgs.length % fns.length]!, rawArgs));
    }
    if (hint === 'indexName' && tables.length > 0) {
      const t = tables[rawArgs.length % tables.length]!;
      this.nodes += 8;
      return build.callStat(
        build.libCall('table', 'insert', [this.ref(t.name), this.number(rawArgs[0])]),
      );
    }
    const args = rawArgs.map((a) => this.scalar(kindOfScalar(a), a));
    this.nodes += 4;
    return build.callStat(build.call(build.global('print'), args));
  }

  private assign(rawVars: readonly LValue[], rawValues: readonly Expr[]): Stat | undefined {
    const targets: { lvalue: LValue; kind: Scalar | 'table' }[] = [];
    for (const v of rawVars) {
      const t = this.target(v);
      if (t !== undefined) targets.push(t);
    }
    if (targets.length === 0) return undefined;
    const values = targets.map((t, i) => {
      const raw = rawValues[i];
      if (t.kind === 'table') return this.tableValue(raw);
      const value = this.scalar(t.kind, raw);
      // Strings assigned (perhaps in a loop) are cut, so they cannot grow without bound.
      return t.kind === 'string'
        ? build.libCall('string', 'sub', [value, build.number(1), build.number(MAX_STRING)])
        : value;
    });
    this.nodes += values.length * 6;
    return this.wrap({
      case: 'assign',
      value: this.mk(StatAssignSchema, { vars: targets.map((t) => t.lvalue), values }),
    });
  }

  /** Where an assignment may write: a scalar or table local, or a field of a table. */
  private target(raw: LValue | undefined): { lvalue: LValue; kind: Scalar | 'table' } | undefined {
    const v = raw?.lvalueOneof;
    const tables = this.reachable((k) => k.type === 'table');
    if ((v?.case === 'indexName' || v?.case === 'indexExpr') && tables.length > 0) {
      const hint = v.case === 'indexName' ? nameHint(v.value.index) : 0;
      const t = tables[hint % tables.length]!;
      const lvalue =
        v.case === 'indexName'
          ? build.lvalue(build.indexName(this.ref(t.name), this.fieldName(v.value.index)))
          : build.lvalue(build.indexExpr(this.ref(t.name), build.number((hint % 8) + 1)));
      return { lvalue, kind: 'number' };
    }
    const locals = this.reachable(
      (k) =>
        k.type === 'number' || k.type === 'string' || k.type === 'boolean' || k.type === 'table',
    );
    if (locals.length === 0) return undefined;
    const hint = v?.case === 'local' ? (v.value.var?.name ?? 0) : 0;
    const picked = locals[hint % locals.length]!;
    return {
      lvalue: build.lvalue(this.ref(picked.name)),
      kind: picked.kind.type as Scalar | 'table',
    };
  }

  private compound(
    op: StatCompoundAssign_Op,
    rawVar: LValue | undefined,
    rawValue: Expr | undefined,
  ): Stat | undefined {
    const frame = this.scope.frame;
    if (op === StatCompoundAssign_Op.Concat) {
      // `s ..= x` only where it runs once: outside loops and functions.
      const strings = this.reachable((k) => k.type === 'string');
      if (strings.length > 0 && frame.loops === 0 && this.scope.frames.length === 1) {
        const s =
          strings[
            (rawVar?.lvalueOneof.case === 'local' ? (rawVar.lvalueOneof.value.var?.name ?? 0) : 0) %
              strings.length
          ]!;
        return this.wrap({
          case: 'compoundAssign',
          value: this.mk(StatCompoundAssignSchema, {
            op,
            var: build.lvalue(this.ref(s.name)),
            value: this.string(rawValue),
          }),
        });
      }
      op = StatCompoundAssign_Op.Add;
    }
    const numbers = this.reachable((k) => k.type === 'number');
    if (numbers.length === 0) return undefined;
    const hint =
      rawVar?.lvalueOneof.case === 'local' ? (rawVar.lvalueOneof.value.var?.name ?? 0) : 0;
    const n = numbers[hint % numbers.length]!;
    return this.wrap({
      case: 'compoundAssign',
      value: this.mk(StatCompoundAssignSchema, {
        op,
        var: build.lvalue(this.ref(n.name)),
        value: this.number(rawValue),
      }),
    });
  }

  // Functions.

  /** A function of numbers to a number; its body ends by returning one. */
  private func(raw: ExprFunction | undefined): ExprFunction {
    const f = raw ?? create(ExprFunctionSchema);
    const arity = Math.min(3, f.args.length);
    const attributes = this.attributes(f.attributes);
    const [generics, genericpacks] = this.typed
      ? [[], []]
      : distinctGenerics(f.generics, f.genericpacks);
    const wasModule = this.inModule;
    this.inModule = false;
    this.scope.pushFrame(f.vararg);
    const args = Array.from({ length: arity }, () => this.declare({ type: 'number' }));
    const body: Stat[] = [];
    this.blocks++;
    this.statements(f.body ?? create(StatBlockSchema), body);
    this.blocks--;
    const last = body[body.length - 1]?.statOneof.case;
    if (last !== 'return') body.push(this.returnStat(this.result(args, returnHint(f.body))));
    this.scope.popFrame();
    this.inModule = wasModule;
    return this.mk(ExprFunctionSchema, {
      generics,
      genericpacks,
      args,
      vararg: f.vararg,
      body: create(StatBlockSchema, { body }),
      types: this.typed ? args.map(() => this.primitive(NUMBER_TYPE)) : [],
      rettypes: this.typed ? [this.primitive(NUMBER_TYPE)] : [],
      attributes,
    });
  }

  /** What a function returns when its body does not: its arguments combined, or a number. */
  private result(args: readonly Local[], hint: Expr | undefined): Expr {
    if (args.length === 0 || hint !== undefined) return this.number(hint);
    const op = [ExprBinary_Op.Add, ExprBinary_Op.Sub, ExprBinary_Op.Mul][args.length % 3]!;
    return args.map((a) => this.ref(a.name)).reduce((left, right) => build.binary(op, left, right));
  }

  private attributes(raw: readonly ExprAttr[]): ExprAttr[] {
    const seen = new Set<number>();
    const out: ExprAttr[] = [];
    for (const a of raw) {
      if (seen.has(a.type)) continue;
      seen.add(a.type);
      out.push(this.mk(ExprAttrSchema, { type: a.type, braced: a.braced }));
    }
    return out;
  }

  private callFunction(fn: VisibleLocal<ValueKind>, rawArgs: readonly Expr[]): Expr {
    const kind = fn.kind;
    if (kind.type !== 'function') throw new Error('not a function');
    const args: Expr[] = [];
    const count =
      kind.arity + (kind.vararg ? Math.min(2, Math.max(0, rawArgs.length - kind.arity)) : 0);
    for (let i = 0; i < count; i++) args.push(this.number(rawArgs[i]));
    this.nodes += 4;
    if (kind.field !== undefined) {
      const target = build.indexName(this.fuelRef(), build.customName(kind.field));
      return build.call(target, args, kind.self === true);
    }
    return build.call(this.ref(fn.name), args);
  }

  // Expressions.

  private reachable(keep: (kind: ValueKind) => boolean): VisibleLocal<ValueKind>[] {
    return this.scope.reachable().filter((v) => keep(v.kind));
  }

  private pick(type: Scalar | 'table', hint: number): VisibleLocal<ValueKind> | undefined {
    const found = this.reachable((k) => k.type === type);
    return found.length === 0 ? undefined : found[Math.abs(hint) % found.length];
  }

  private scalar(kind: Scalar, raw: Expr | undefined): Expr {
    return kind === 'number'
      ? this.number(raw)
      : kind === 'string'
        ? this.string(raw)
        : this.boolean(raw);
  }

  private fieldName(raw: Name | undefined): Name {
    return build.customName(nameHint(raw) % 8);
  }

  private table(values: Expr[]): Expr {
    this.nodes += 2 + values.length * 2;
    return create(ExprSchema, {
      exprOneof: {
        case: 'table',
        value: create(ExprTableSchema, {
          items: values.map((value) => create(TableItemSchema, { value })),
        }),
      },
    });
  }

  /** A table of numbers: a local one, or a constructor (positional and named number fields). */
  private tableValue(raw: Expr | undefined): Expr {
    const e = this.spent() ? undefined : raw?.exprOneof;
    if (e?.case === 'table') {
      this.nodes += 2;
      return create(ExprSchema, {
        exprOneof: {
          case: 'table',
          value: create(ExprTableSchema, {
            items: e.value.items.map((item) => {
              this.nodes += 2;
              const value = this.number(item.value);
              const k = item.itemOneof;
              // Keys are names or strings: a computed number key could be NaN, an error.
              if (k.case === 'keyName') {
                return create(TableItemSchema, {
                  itemOneof: { case: 'keyName', value: this.fieldName(k.value) },
                  value,
                });
              }
              if (k.case === 'keyExpr') {
                return create(TableItemSchema, {
                  itemOneof: { case: 'keyExpr', value: this.string(k.value) },
                  value,
                });
              }
              return create(TableItemSchema, { value });
            }),
          }),
        },
      });
    }
    const local = e?.case === 'local' ? this.pick('table', e.value.var?.name ?? 0) : undefined;
    if (local !== undefined) return this.ref(local.name);
    return this.table([this.number(raw)]);
  }

  number(raw: Expr | undefined): Expr {
    this.nodes += 2;
    // Past the budget, every further value is a constant: valid, and the tree stops growing.
    const e = this.spent() ? undefined : raw?.exprOneof;
    const f = this.options.features;
    switch (e?.case) {
      case undefined:
      case 'nil':
        return build.number(0);
      case 'number':
        return build.number(e.value.val);
      case 'integer':
        return build.number(Number(BigInt.asIntN(32, e.value.val)));
      case 'bool':
        return f.ifExpressions
          ? build.ifElse(build.bool(e.value.val), build.number(1), build.number(0))
          : build.number(e.value.val ? 1 : 0);
      case 'string':
        return build.unary(ExprUnary_Op.Len, build.string(e.value.val));
      case 'local': {
        const v = this.pick('number', e.value.var?.name ?? 0);
        return v === undefined ? build.number((e.value.var?.name ?? 0) & 15) : this.ref(v.name);
      }
      case 'global':
        return build.indexName(
          build.global('math'),
          build.name(nameHint(e.value.name) % 2 === 0 ? 'pi' : 'huge'),
        );
      case 'varargs':
        return this.scope.frame.vararg
          ? build.call(build.global('select'), [build.string('#'), build.varargs()])
          : build.number(0);
      case 'group':
        return build.group(this.number(e.value.expr));
      case 'call': {
        const fns = this.reachable((k) => k.type === 'function');
        const hint = e.value.func?.exprOneof.case;
        if (fns.length > 0 && (hint === 'local' || hint === 'indexName')) {
          return this.callFunction(fns[e.value.args.length % fns.length]!, e.value.args);
        }
        if (e.value.args.length >= 2) {
          return build.libCall('math', e.value.self ? 'max' : 'min', [
            this.number(e.value.args[0]),
            this.number(e.value.args[1]),
          ]);
        }
        const fn =
          mathUnary[
            (e.value.args.length + (e.value.self ? 3 : 0) + (hint?.length ?? 0)) % mathUnary.length
          ]!;
        return build.libCall('math', fn, [this.number(e.value.args[0])]);
      }
      case 'indexName': {
        const t = this.pick('table', nameHint(e.value.index));
        if (t === undefined) return build.indexName(build.global('math'), build.name('pi'));
        return build.group(
          build.binary(
            ExprBinary_Op.Or,
            build.indexName(this.ref(t.name), this.fieldName(e.value.index)),
            build.number(0),
          ),
        );
      }
      case 'indexExpr': {
        const t = this.pick('table', 0);
        // Reading any key is safe (a NaN key reads nil); the default makes it a number.
        if (t === undefined) return build.unary(ExprUnary_Op.Len, this.string(e.value.index));
        return build.group(
          build.binary(
            ExprBinary_Op.Or,
            build.indexExpr(this.ref(t.name), this.number(e.value.index)),
            build.number(0),
          ),
        );
      }
      case 'function': {
        const fn = this.func(e.value);
        const args = fn.args.map((_, i) => build.number(i + 1));
        return build.call(create(ExprSchema, { exprOneof: { case: 'function', value: fn } }), args);
      }
      case 'table':
        return build.unary(ExprUnary_Op.Len, this.tableValue(raw));
      case 'unary':
        if (e.value.op === ExprUnary_Op.Len)
          return build.unary(ExprUnary_Op.Len, this.string(e.value.expr));
        return build.unary(ExprUnary_Op.Minus, this.number(e.value.expr));
      case 'binary': {
        const op = e.value.op;
        if (op <= ExprBinary_Op.Pow)
          return build.binary(op, this.number(e.value.left), this.number(e.value.right));
        if (op === ExprBinary_Op.Concat) {
          return build.unary(
            ExprUnary_Op.Len,
            build.group(build.binary(op, this.string(e.value.left), this.string(e.value.right))),
          );
        }
        if (op === ExprBinary_Op.And || op === ExprBinary_Op.Or) {
          // Numbers are truthy: `a and b` is b, `a or b` is a; both numbers.
          return build.binary(op, this.number(e.value.left), this.number(e.value.right));
        }
        if (!f.ifExpressions)
          return build.binary(
            ExprBinary_Op.Add,
            this.number(e.value.left),
            this.number(e.value.right),
          );
        return build.ifElse(
          this.boolean(raw),
          this.number(e.value.left),
          this.number(e.value.right),
        );
      }
      case 'ifelse':
        return this.ifChain(e.value, (x) => this.number(x));
      case 'interpstring':
        return build.unary(ExprUnary_Op.Len, this.string(raw));
    }
  }

  string(raw: Expr | undefined): Expr {
    this.nodes += 2;
    const e = this.spent() ? undefined : raw?.exprOneof;
    switch (e?.case) {
      case undefined:
      case 'nil':
        return build.string('');
      case 'string':
        return build.string(e.value.val);
      case 'number':
      case 'integer':
      case 'unary':
      case 'function':
      case 'varargs':
        return build.call(build.global('tostring'), [this.number(raw)]);
      case 'bool':
        return build.call(build.global('tostring'), [this.boolean(raw)]);
      case 'local': {
        const v = this.pick('string', e.value.var?.name ?? 0);
        return v === undefined
          ? build.string(`s${(e.value.var?.name ?? 0) & 15}`)
          : this.ref(v.name);
      }
      case 'global':
        // The type of a runtime global (`type(math)`): the same on every run.
        return build.call(build.global('type'), [this.runtimeGlobal(e.value.name)]);
      case 'group':
        return build.group(this.string(e.value.expr));
      case 'call': {
        const a = e.value.args;
        if (a.length === 0)
          return build.libCall('string', stringUnary[(e.value.self ? 1 : 0) % 3]!, [
            this.string(undefined),
          ]);
        if (a.length === 1)
          return build.libCall('string', stringUnary[(e.value.self ? 2 : 0) % 3]!, [
            this.string(a[0]),
          ]);
        if (a.length === 2)
          return build.libCall('string', 'rep', [
            this.string(a[0]),
            build.number(lowHint(a[1]) % 4),
          ]);
        return build.libCall('string', 'sub', [
          this.string(a[0]),
          build.number(lowHint(a[1]) % 5),
          build.number(lowHint(a[2]) % 9),
        ]);
      }
      case 'indexName':
        // A method call on a call's result: `tostring(x):upper()`.
        return build.call(
          build.indexName(
            build.call(build.global('tostring'), [this.number(undefined)]),
            build.name(stringUnary[nameHint(e.value.index) % 3]!),
          ),
          [],
          true,
        );
      case 'indexExpr':
        return build.call(build.global('tostring'), [this.number(raw)]);
      case 'table': {
        // `table.concat` of strings (numbers would do too): never a table's address.
        const items = e.value.items.map((item) => this.string(item.value));
        return build.libCall('table', 'concat', [this.table(items), this.string(undefined)]);
      }
      case 'binary': {
        if (e.value.op === ExprBinary_Op.Concat) {
          const left =
            kindOfScalar(e.value.left) === 'number'
              ? this.number(e.value.left)
              : this.string(e.value.left);
          return build.binary(ExprBinary_Op.Concat, left, this.string(e.value.right));
        }
        return build.call(build.global('tostring'), [this.number(raw)]);
      }
      case 'ifelse':
        return this.ifChain(e.value, (x) => this.string(x));
      case 'interpstring': {
        if (!this.options.features.interpolatedStrings) return this.string(e.value.parts[0]);
        // Parts that are strings print as text; the rest are scalars (never a table).
        const parts = e.value.parts.map((p) =>
          p.exprOneof.case === 'string'
            ? build.string(p.exprOneof.value.val)
            : this.scalar(kindOfScalar(p), p),
        );
        return create(ExprSchema, {
          exprOneof: { case: 'interpstring', value: create(ExprInterpStringSchema, { parts }) },
        });
      }
    }
  }

  boolean(raw: Expr | undefined): Expr {
    this.nodes += 2;
    const e = this.spent() ? undefined : raw?.exprOneof;
    switch (e?.case) {
      case undefined:
      case 'nil':
        return build.bool(false);
      case 'bool':
        return build.bool(e.value.val);
      case 'local': {
        const v = this.pick('boolean', e.value.var?.name ?? 0);
        if (v !== undefined) return this.ref(v.name);
        return build.binary(ExprBinary_Op.CompareLt, this.number(raw), build.number(8));
      }
      case 'string':
      case 'interpstring':
        return build.binary(ExprBinary_Op.CompareNe, this.string(raw), build.string(''));
      case 'group':
        return build.group(this.boolean(e.value.expr));
      case 'unary':
        return build.unary(ExprUnary_Op.Not, this.boolean(e.value.expr));
      case 'binary': {
        const op = e.value.op;
        if (op === ExprBinary_Op.And || op === ExprBinary_Op.Or) {
          return build.binary(op, this.boolean(e.value.left), this.boolean(e.value.right));
        }
        if (op >= ExprBinary_Op.CompareNe && op <= ExprBinary_Op.CompareGe) {
          // Both sides of one type: strings when the left one is a string, else numbers.
          if (kindOfScalar(e.value.left) === 'string') {
            return build.binary(op, this.string(e.value.left), this.string(e.value.right));
          }
          return build.binary(op, this.number(e.value.left), this.number(e.value.right));
        }
        return build.binary(ExprBinary_Op.CompareGt, this.number(raw), build.number(0));
      }
      case 'ifelse':
        return this.ifChain(e.value, (x) => this.boolean(x));
      case 'global':
        return build.binary(ExprBinary_Op.CompareNe, this.runtimeGlobal(e.value.name), build.nil());
      case 'call':
        return build.binary(
          ExprBinary_Op.CompareEq,
          build.call(build.global('type'), [this.number(raw)]),
          build.string('number'),
        );
      default:
        return build.binary(ExprBinary_Op.CompareGe, this.number(raw), build.number(0));
    }
  }

  /** An if-expression keeping the raw `elseif` chain, each branch made by `value`. */
  private ifChain(raw: ExprIfElse, value: (raw: Expr | undefined) => Expr): Expr {
    const cond = this.boolean(raw.cond);
    const then = value(raw.then);
    const e = raw.elseOneof;
    const elseOneof =
      e.case === 'elseif'
        ? { case: 'elseif' as const, value: ifElseOf(this.ifChain(e.value, value)) }
        : { case: 'else' as const, value: value(e.value) };
    this.nodes += 2;
    return create(ExprSchema, {
      exprOneof: { case: 'ifelse', value: create(ExprIfElseSchema, { cond, then, elseOneof }) },
    });
  }

  /** A global of the runtime, by the raw name's hint. */
  private runtimeGlobal(raw: Name | undefined): Expr {
    this.nodes += 3;
    return build.global(runtimeGlobals[nameHint(raw) % runtimeGlobals.length]!);
  }

  // Types (the typed level).

  private primitive(kind: number): Type {
    this.nodes += 2;
    return create(TypeSchema, {
      typeOneof: { case: 'primitive', value: create(TypePrimitiveSchema, { kind }) },
    });
  }

  private annotation(kind: ValueKind): Type {
    switch (kind.type) {
      case 'number':
        return this.primitive(NUMBER_TYPE);
      case 'string':
        return this.primitive(STRING_TYPE);
      case 'boolean':
        return this.primitive(BOOLEAN_TYPE);
      default:
        return this.primitive(ANY_TYPE);
    }
  }
}

function ifElseOf(expr: Expr): ExprIfElse {
  if (expr.exprOneof.case !== 'ifelse') throw new Error('not an if-expression');
  return expr.exprOneof.value;
}

function returnHint(body: StatBlock | undefined): Expr | undefined {
  for (const stat of body?.body ?? []) {
    if (stat.statOneof.case === 'return') return stat.statOneof.value.list[0];
  }
  return undefined;
}

function clampStep(v: number): number {
  const s = v % 4;
  return s === 0 ? 1 : s;
}

function nameHint(name: Name | undefined): number {
  const o = name?.nameOneof;
  return o?.case === undefined ? 0 : Math.abs(o.value);
}

function lowHint(raw: Expr | undefined): number {
  const e = raw?.exprOneof;
  return e?.case === 'number' ? Math.abs(e.value.val) : (e?.case?.length ?? 0);
}

/** The kind of value a raw expression suggests for a new local. */
function kindOf(raw: Expr | undefined): Scalar | 'table' | 'function' {
  const e = raw?.exprOneof;
  if (e?.case === 'table') return 'table';
  if (e?.case === 'function') return 'function';
  return kindOfScalar(raw);
}

function kindOfScalar(raw: Expr | undefined): Scalar {
  const e = raw?.exprOneof;
  switch (e?.case) {
    case 'string':
    case 'interpstring':
      return 'string';
    case 'bool':
      return 'boolean';
    case 'unary':
      return e.value.op === ExprUnary_Op.Not ? 'boolean' : 'number';
    case 'binary':
      return e.value.op === ExprBinary_Op.Concat
        ? 'string'
        : e.value.op >= ExprBinary_Op.CompareNe
          ? 'boolean'
          : 'number';
    default:
      return 'number';
  }
}
