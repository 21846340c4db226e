import fc from 'fast-check';
import type { ModuleSet } from '../../gen/luau_pb.js';
import type { ModuleSet as ModuleSet735 } from '../../gen/luau-735_pb.js';
import { printPretty } from '../print/index.js';
import { grammarOf } from './grammar-of.js';
import { resolveOptions } from './options.js';
import { luauArbitraries } from './luau-arbitraries.js';
import type { LuauArbitraryOptions } from './options.js';

/**
 * A generated program: its printed source and the tree it was printed from.
 *
 * @example
 * ```ts
 * fc.assert(fc.property(luauProgram(), ({ source, tree }) => source.length >= 0 && tree.program !== undefined));
 * ```
 */
export interface LuauProgram<Tree extends ModuleSet | ModuleSet735 = ModuleSet> {
  /**
   * The program's source (the last of {@link sources}). When the tree has a module, this
   * program loads it with `require(module0)`: a tool that runs or analyses programs must be
   * given {@link module} too (or test every entry of {@link sources}, as a parser test would).
   */
  source: string;
  /** Every source of the tree, the module's first when it has one (what `printPretty` gives). */
  sources: string[];
  /** The module's source, when the tree has a module. */
  module?: string;
  /** The tree (of the 0.735 schema with `grammar: '735'`). */
  tree: Tree;
}

/**
 * Options of {@link luauProgram}: those of `luauArbitraries`, and how to print.
 *
 * @example
 * ```ts
 * luauProgram({ level: 'runnable', profile: 'luau-web', indent: 2 });
 * ```
 */
export interface LuauProgramOptions extends LuauArbitraryOptions {
  /** Indentation of the printed source, spaces or a string of spaces and tabs. Default `4`. */
  indent?: number | string;
}

/**
 * Luau programs as printed source with their tree, valid at the requested level (default
 * `syntax`, where the source always parses; printed with the grammar's printer, so that with
 * `grammar: '735'` it parses on Luau 0.735 with the class flags): for property tests of parsers, formatters,
 * linters and runtimes. Shrinks like the trees do (a failing program shrinks to a small one);
 * a program given in fast-check's `examples` shrinks too when an arbitrary of the same options
 * made it (at the `runnable` and `typed` levels its tree leads back to the record of choices
 * it was built from; one built by hand does not shrink at those levels).
 *
 * @example
 * ```ts
 * fc.assert(
 *   fc.property(luauProgram({ level: 'syntax' }), ({ source }) => parse(source) !== undefined),
 * );
 * ```
 */
export function luauProgram(
  options: LuauProgramOptions & { grammar: '735' },
): fc.Arbitrary<LuauProgram<ModuleSet735>>;
export function luauProgram(options?: LuauProgramOptions): fc.Arbitrary<LuauProgram>;
export function luauProgram(
  options: LuauProgramOptions = {},
): fc.Arbitrary<LuauProgram<ModuleSet | ModuleSet735>> {
  const { indent, ...rest } = options;
  const types = rest.types ?? true;
  const grammar = grammarOf(resolveOptions(rest));
  const trees: fc.Arbitrary<ModuleSet | ModuleSet735> = luauArbitraries(rest).moduleSet;
  return trees.map(
    (tree) => {
      const sources = printPretty(tree, {
        grammar,
        types,
        ...(indent === undefined ? {} : { indent }),
      });
      const source = sources[sources.length - 1] ?? '';
      const program: LuauProgram<ModuleSet | ModuleSet735> =
        sources.length === 2
          ? { source, sources, module: sources[0] ?? '', tree }
          : { source, sources, tree };
      // fast-check reports a counterexample through this method: the Luau source, not the tree's JSON.
      Object.defineProperty(program, fc.toStringMethod, {
        value: () => describeProgram(program),
        enumerable: false,
      });
      return program;
    },
    (value) => {
      if (isLuauProgram(value)) return value.tree;
      throw new TypeError('luauProgram: not a LuauProgram value');
    },
  );
}

function isLuauProgram(value: unknown): value is LuauProgram<ModuleSet | ModuleSet735> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'tree' in value &&
    typeof (value as { tree: unknown }).tree === 'object' &&
    (value as { tree: { $typeName?: unknown } }).tree.$typeName === 'luau.ModuleSet'
  );
}

function describeProgram({ source, module }: LuauProgram<ModuleSet | ModuleSet735>): string {
  const program = `-- program\n${source}`;
  return `LuauProgram\n${module === undefined ? '' : `-- module (module0)\n${module}\n`}${program}`;
}
