import { createRegistry, type DescFile, type Registry } from '@bufbuild/protobuf';
import type { GenMessage } from '@bufbuild/protobuf/codegenv2';
import { file_luau, ModuleSetSchema as ModuleSet715Schema } from '../../gen/luau_pb.js';
import type { ModuleSet as ModuleSet715 } from '../../gen/luau_pb.js';
import { file_luau_735, ModuleSetSchema as ModuleSet735Schema } from '../../gen/luau-735_pb.js';
import type { ModuleSet as ModuleSet735 } from '../../gen/luau-735_pb.js';

/** The name of a grammar: the Luau release whose fuzzer schema it is. */
export type GrammarName = '715' | '735';

/**
 * A grammar: the schema of Luau's fuzzer at one release, as a capability set. Everything above
 * the codecs takes one and asks it what exists (which messages, classes or not, which flags a
 * runtime needs), rather than being written once per grammar.
 *
 * @example
 * ```ts
 * const tree = fromBinary(grammar735.moduleSet, bytes);
 * grammar735.has('StatClass'); // true
 * ```
 */
export interface Grammar<M extends ModuleSet715 | ModuleSet735 = ModuleSet715 | ModuleSet735> {
  readonly name: GrammarName;
  /** The Luau release whose `fuzz/luau.proto` this is. */
  readonly release: string;
  /** The `.proto` file, under the package's `proto/`. */
  readonly protoFile: string;
  readonly file: DescFile;
  /** The root of every tree. */
  readonly moduleSet: GenMessage<M>;
  /** Every message and enum of the schema, by full name (`luau.StatClass`). */
  readonly registry: Registry;
  /**
   * `class` statements and instantiations: the reference printer of this release declares
   * `open class _ end` first in every source, so that an instantiation or `extends` of no
   * class still names one.
   */
  readonly classes: boolean;
  /** The `--fflags` a runtime needs to compile every program of this grammar. */
  readonly flags: readonly string[];
  /** Whether the schema has a message of this short name (`StatClass`). */
  has(messageName: string): boolean;
}

function grammar<M extends ModuleSet715 | ModuleSet735>(
  fields: Omit<Grammar<M>, 'registry' | 'has'>,
): Grammar<M> {
  const registry = createRegistry(fields.file);
  return {
    ...fields,
    registry,
    has: (name) => registry.getMessage(`luau.${name}`) !== undefined,
  };
}

/**
 * The seed's grammar: Luau's fuzzer schema at release 715 (`proto/luau.proto`).
 *
 * @example
 * ```ts
 * decodeGrammarTree(bytes, 'binpb', { grammar: grammar715 });
 * ```
 */
export const grammar715: Grammar<ModuleSet715> = grammar({
  name: '715',
  release: '0.715',
  protoFile: 'luau.proto',
  file: file_luau,
  moduleSet: ModuleSet715Schema,
  classes: false,
  flags: [],
});

/**
 * Luau's fuzzer schema at release 0.735 (`proto/luau-735.proto`): classes, `const` and
 * `export`, builtin references, paren-less calls; `ExprCall` is a oneof of `ParenCall` and
 * `ParenlessCall`, so its trees do not read as the seed's.
 *
 * @example
 * ```ts
 * printCompat(tree, { grammar: grammar735 });
 * ```
 */
export const grammar735: Grammar<ModuleSet735> = grammar({
  name: '735',
  release: '0.735',
  protoFile: 'luau-735.proto',
  file: file_luau_735,
  moduleSet: ModuleSet735Schema,
  classes: true,
  // Classes are behind these in 0.735, for the parser, the compiler and the VM alike.
  flags: ['DebugLuauUserDefinedClasses=true', 'DebugLuauUserDefinedClassesRuntime=true'],
});

/**
 * Either grammar, with its tree type.
 *
 * @example
 * ```ts
 * function print(g: AnyGrammar) { return g.name; }
 * ```
 */
export type AnyGrammar = typeof grammar715 | typeof grammar735;

/**
 * Every grammar, oldest first.
 *
 * @example
 * ```ts
 * grammars.map((g) => g.name); // ['715', '735']
 * ```
 */
export const grammars: readonly AnyGrammar[] = [grammar715, grammar735];

/**
 * A tree with the grammar it is in.
 *
 * @example
 * ```ts
 * const { grammar, tree }: GrammarTree = await readGrammarTreeFile('t.binpb');
 * ```
 */
export type GrammarTree =
  | { readonly grammar: typeof grammar715; readonly tree: ModuleSet715 }
  | { readonly grammar: typeof grammar735; readonly tree: ModuleSet735 };

/**
 * The grammar of a name as a user types it (`715`, `0.735`), or `undefined`.
 *
 * @example
 * ```ts
 * parseGrammar('0.735') === grammar735; // true
 * ```
 */
export function parseGrammar(name: string): AnyGrammar | undefined {
  const bare = name.startsWith('0.') ? name.slice(2) : name;
  return grammars.find((g) => g.name === bare);
}
