import { Writer } from '../writer.js';

/**
 * The state of one compat-mode printing: the output, the `types` switch and the stack of
 * function frames `{vararg, loops}` of the reference printer (the top frame of a source is
 * `{vararg: true, loops: 0}`; a function body pushes `{vararg: func.vararg, loops: 0}`).
 */
export class CompatContext {
  readonly w = new Writer();
  readonly types: boolean;
  private readonly vararg: boolean[] = [true];
  private readonly loops: number[] = [0];

  constructor(types: boolean) {
    this.types = types;
  }

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
