/**
 * The function frames `{vararg, loops}` of a printing, kept as the reference printer keeps
 * them: the top frame of a source is `{vararg: true, loops: 0}`, a function body pushes
 * `{vararg: func.vararg, loops: 0}`. Both printers' contexts extend it.
 *
 * @example
 * ```ts
 * ctx.enterLoop();
 * ctx.inLoop(); // true: `break` may be printed
 * ctx.leaveLoop();
 * ```
 */
export class FunctionFrames {
  private readonly vararg: boolean[] = [true];
  private readonly loops: number[] = [0];

  /** Whether the current function frame takes `...`. */
  isVararg(): boolean {
    return this.vararg[this.vararg.length - 1]!;
  }

  /** Whether a loop of the current function frame encloses the current statement. */
  inLoop(): boolean {
    return this.loops[this.loops.length - 1]! > 0;
  }

  enterFunction(vararg: boolean): void {
    this.vararg.push(vararg);
    this.loops.push(0);
  }

  leaveFunction(): void {
    this.vararg.pop();
    this.loops.pop();
  }

  enterLoop(): void {
    this.loops[this.loops.length - 1]!++;
  }

  leaveLoop(): void {
    this.loops[this.loops.length - 1]!--;
  }
}
