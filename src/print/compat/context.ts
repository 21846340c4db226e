import { FunctionFrames } from '../frames.js';
import { Writer } from '../writer.js';

/**
 * The state of one compat-mode printing: the output, the `types` switch and the function
 * frames of the reference printer ({@link FunctionFrames}).
 */
export class CompatContext extends FunctionFrames {
  readonly w = new Writer();
  readonly types: boolean;

  constructor(types: boolean) {
    super();
    this.types = types;
  }
}
