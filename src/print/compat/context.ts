import type { AnyGrammar } from '../../tree/grammar.js';
import type { Local, Name } from '../../tree/nodes.js';
import { FunctionFrames } from '../frames.js';
import type { PrintContext } from '../context.js';
import { Writer } from '../writer.js';

/** A class the reference printer has printed: its name and the names of its props. */
export interface CompatClass {
  readonly name: Local | undefined;
  readonly props: readonly (Name | undefined)[];
}

/**
 * The state of one compat-mode printing: the output, the `types` switch, and the function
 * frames ({@link FunctionFrames}), block depth and classes of the reference printer.
 */
export class CompatContext extends FunctionFrames implements PrintContext {
  readonly w = new Writer();
  readonly grammar: AnyGrammar;
  readonly types: boolean;
  readonly sep = ',';
  readonly colon = ':';
  /** Blocks entered: 0 in the source's own block. */
  blockDepth = -1;
  /** The classes printed so far, which instantiations and `extends` index. */
  readonly classes: CompatClass[] = [];

  constructor(grammar: AnyGrammar, types: boolean) {
    super();
    this.grammar = grammar;
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
