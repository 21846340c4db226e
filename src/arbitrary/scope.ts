/**
 * One function being generated: what `...`, `break` and `continue` may refer to.
 *
 * @example
 * ```ts
 * scope.frame.vararg; // may the current function use `...`?
 * ```
 */
export interface Frame {
  /** The function takes `...`. */
  vararg: boolean;
  /** Loops of this function enclosing the current point. */
  loops: number;
  /** Index in {@link Scope.visible} where this function's own locals start. */
  base: number;
  /** A type function: locals of enclosing functions are out of reach. */
  typeFunction: boolean;
}

/**
 * A local in scope.
 *
 * @example
 * ```ts
 * scope.reachable().map((v: VisibleLocal<null>) => v.name);
 * ```
 */
export interface VisibleLocal<Kind> {
  /** Its number (`Local.name`), printed `l<name>`. */
  name: number;
  /** What the generator knows about its value. */
  kind: Kind;
}

const NO_MARKS = new Uint32Array(0);

/**
 * Scopes and function frames tracked while a tree is generated: which locals are visible,
 * which function is current and how many loops enclose the current point. Declarations take
 * the lowest number no visible local has, so a reference always means the local it picked.
 *
 * @example
 * ```ts
 * const scope = new Scope<null>();
 * const mark = scope.mark();
 * scope.declare(null); // 0
 * scope.release(mark);
 * ```
 */
export class Scope<Kind> {
  /** Visible locals, oldest first. */
  readonly visible: VisibleLocal<Kind>[] = [];
  /** Function frames, outermost (the chunk) first. */
  readonly frames: Frame[] = [{ vararg: true, loops: 0, base: 0, typeFunction: false }];
  /** Scratch marks of {@link declare}, made when first needed. */
  #marks = NO_MARKS;
  #stamp = 0;

  /** The current function. */
  get frame(): Frame {
    return this.frames[this.frames.length - 1]!;
  }

  /** Where the current block starts: pass to {@link release} when the block ends. */
  mark(): number {
    return this.visible.length;
  }

  /** Ends the block begun at `mark`: its locals go out of scope. */
  release(mark: number): void {
    this.visible.length = mark;
  }

  /** Declares a local, returning its number. */
  declare(kind: Kind): number {
    // The lowest number no visible local has: at most `visible.length`, so only the numbers
    // below that are marked (with this call's stamp, which spares clearing the marks).
    const n = this.visible.length;
    if (this.#marks.length <= n) this.#marks = new Uint32Array(2 * n + 16);
    const stamp = ++this.#stamp;
    for (let i = 0; i < n; i++) {
      const name = this.visible[i]!.name;
      if (name < n) this.#marks[name] = stamp;
    }
    let name = 0;
    while (name < n && this.#marks[name] === stamp) name++;
    this.visible.push({ name, kind });
    return name;
  }

  /** The locals the current point may reference (a type function sees only its own). */
  reachable(): VisibleLocal<Kind>[] {
    const barrier = this.reachableFrom();
    return barrier === 0 ? this.visible : this.visible.slice(barrier);
  }

  /** Where the {@link reachable} locals start in {@link visible}. */
  reachableFrom(): number {
    for (let i = this.frames.length - 1; i >= 0; i--) {
      const f = this.frames[i]!;
      if (f.typeFunction) return f.base;
    }
    return 0;
  }

  /** Enters a function. */
  pushFrame(vararg: boolean, typeFunction = false): void {
    this.frames.push({ vararg, loops: 0, base: this.visible.length, typeFunction });
  }

  /** Leaves the current function. */
  popFrame(): void {
    const frame = this.frames.pop();
    if (frame !== undefined) this.visible.length = frame.base;
  }

  /**
   * Runs `fn` in a block of its own: the locals it declares go out of scope when it returns,
   * or throws.
   *
   * @example
   * ```ts
   * const body = scope.inBlock(() => statements());
   * ```
   */
  inBlock<T>(fn: () => T): T {
    const mark = this.mark();
    try {
      return fn();
    } finally {
      this.release(mark);
    }
  }

  /**
   * Runs `fn` inside one more loop of the current function (where `break` and `continue`
   * may appear), until it returns or throws.
   *
   * @example
   * ```ts
   * const body = scope.inLoop(() => scope.inBlock(() => statements()));
   * ```
   */
  inLoop<T>(fn: () => T): T {
    const frame = this.frame;
    frame.loops++;
    try {
      return fn();
    } finally {
      frame.loops--;
    }
  }

  /**
   * Runs `fn` in a function of its own ({@link pushFrame}): its locals and frame are gone
   * when `fn` returns or throws.
   *
   * @example
   * ```ts
   * const body = scope.inFunction(false, () => statements());
   * ```
   */
  inFunction<T>(vararg: boolean, fn: () => T, typeFunction = false): T {
    this.pushFrame(vararg, typeFunction);
    try {
      return fn();
    } finally {
      this.popFrame();
    }
  }

  /** Inside a type function (at any depth). */
  inTypeFunction(): boolean {
    return this.frames.some((f) => f.typeFunction);
  }
}
