import { FunctionFrames } from '../frames.js';
import type { PrintContext } from '../context.js';
import { Writer } from '../writer.js';

/**
 * The state of one compat-mode printing: the output, the `types` switch and the function
 * frames of the reference printer ({@link FunctionFrames}).
 */
export class CompatContext extends FunctionFrames implements PrintContext {
  readonly w = new Writer();
  readonly types: boolean;
  readonly sep = ',';
  readonly colon = ':';

  constructor(types: boolean) {
    super();
    this.types = types;
  }

  /** Compat mode prints any depth: the reference printer counts none. */
  deeper(): void {}

  shallower(): void {}

  /** Compat mode keeps no scopes: names are written as they are. */
  ref(name: string): string {
    return name;
  }

  declare(): void {}

  openScope(): number {
    return 0;
  }

  closeScope(): void {}
}
