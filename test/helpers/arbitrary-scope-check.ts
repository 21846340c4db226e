import { isMessage, type Message } from '@bufbuild/protobuf';
import {
  ExprFunctionSchema,
  LocalSchema,
  StatSchema,
  type ExprFunction,
  type Local,
  type ModuleSet,
  type Stat,
  type StatBlock,
} from '../../gen/luau_pb.js';

/**
 * Checks a tree's local references against Luau's scoping rules, independently of the
 * generator: returns one message per reference to a local that is not declared in an
 * enclosing scope (or, in a type function, that belongs to an enclosing function).
 *
 * @example
 * ```ts
 * expect(scopeViolations(tree)).toEqual([]);
 * ```
 */
export function scopeViolations(tree: ModuleSet): string[] {
  const problems: string[] = [];
  const check = (block: StatBlock | undefined, where: string) => {
    if (block !== undefined) new Checker(problems, where).block(block);
  };
  check(tree.module, 'module');
  check(tree.program, 'program');
  return problems;
}

class Checker {
  /** Visible names per scope; a `null` entry marks a type function's barrier. */
  private scopes: (Set<number> | null)[] = [new Set()];

  constructor(
    private readonly problems: string[],
    private readonly where: string,
  ) {}

  block(block: StatBlock): void {
    this.scopes.push(new Set());
    for (const stat of block.body) this.stat(stat);
    this.scopes.pop();
  }

  private declare(local: Local | undefined): void {
    (this.scopes[this.scopes.length - 1] as Set<number>).add((local?.name ?? 0) & 0xff);
  }

  private use(local: Local | undefined): void {
    const name = (local?.name ?? 0) & 0xff;
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i];
      if (scope === null) break;
      if (scope?.has(name)) return;
    }
    this.problems.push(`${this.where}: l${name} is not in scope`);
  }

  private stat(stat: Stat): void {
    const s = stat.statOneof;
    switch (s.case) {
      case 'local':
        s.value.values.forEach((v) => this.visit(v));
        s.value.types.forEach((t) => this.visit(t));
        s.value.vars.forEach((v) => this.declare(v));
        return;
      case 'localFunction':
        this.declare(s.value.var);
        this.func(s.value.func, false);
        return;
      case 'requireIntoLocal':
        this.declare(s.value.var);
        return;
      case 'for':
        [s.value.from, s.value.to, s.value.step].forEach((e) => e && this.visit(e));
        this.scopes.push(new Set());
        this.declare(s.value.var);
        if (s.value.body) this.block(s.value.body);
        this.scopes.pop();
        return;
      case 'forIn':
        s.value.values.forEach((v) => this.visit(v));
        this.scopes.push(new Set());
        s.value.vars.forEach((v) => this.declare(v));
        if (s.value.body) this.block(s.value.body);
        this.scopes.pop();
        return;
      case 'repeat':
        // The condition sees the body's locals (Luau's rule). The printer hides them behind
        // `do … end` only where a `continue` skips one the condition names: never generated.
        this.scopes.push(new Set());
        s.value.body?.body.forEach((b) => this.stat(b));
        if (s.value.cond) this.visit(s.value.cond);
        this.scopes.pop();
        return;
      case 'typeFunction':
        this.func(s.value.func, true);
        return;
      case 'block':
        this.block(s.value);
        return;
      default:
        this.visit(stat);
    }
  }

  private func(f: ExprFunction | undefined, typeFunction: boolean): void {
    if (f === undefined) return;
    f.types.forEach((t) => this.visit(t));
    f.rettypes.forEach((t) => this.visit(t));
    this.scopes.push(typeFunction ? null : new Set(), new Set());
    f.args.forEach((a) => this.declare(a));
    if (f.body) this.block(f.body);
    this.scopes.pop();
    this.scopes.pop();
  }

  /** Any other message: blocks open scopes, local references are checked. */
  private visit(message: Message): void {
    if (isMessage(message, StatSchema)) return this.statOrVisit(message);
    if (isMessage(message, ExprFunctionSchema)) return this.func(message, false);
    if (message.$typeName === 'luau.StatBlock') return this.block(message as StatBlock);
    if (message.$typeName === 'luau.TypeRef') return;
    if (isMessage(message, LocalSchema)) return this.use(message);
    for (const value of Object.values(message)) this.visitValue(value);
  }

  private statOrVisit(stat: Stat): void {
    const c = stat.statOneof.case;
    if (c === 'local' || c === 'localFunction' || c === 'for' || c === 'forIn' || c === 'repeat')
      this.stat(stat);
    else if (c === 'block' || c === 'typeFunction' || c === 'requireIntoLocal') this.stat(stat);
    else for (const value of Object.values(stat)) this.visitValue(value);
  }

  private visitValue(value: unknown): void {
    if (Array.isArray(value)) value.forEach((v) => this.visitValue(v));
    else if (typeof value === 'object' && value !== null) {
      if ('$typeName' in value) this.visit(value as Message);
      else if ('case' in value && 'value' in value) this.visitValue(value.value);
    }
  }
}
