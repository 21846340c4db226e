import { isMessage } from '@bufbuild/protobuf';
import {
  ExprFunctionSchema,
  ModuleSetSchema,
  StatBlockSchema,
  StatLocalSchema,
  StatTypeAliasSchema,
  TypeFunctionSchema,
  type ModuleSet,
} from '../../gen/luau_pb.js';
import type { LuauFeatures } from '../../src/arbitrary/index.js';
import { treeStats, walkTree } from '../../src/tree/index.js';

/**
 * How often each switchable feature occurs in a tree, counted from the messages themselves
 * (not from the generator's options): annotations on locals, parameters and returns; type
 * aliases; generic parameters and packs declared by functions, aliases and function types;
 * attributes; type functions; interpolated strings; integer literals; compound assignments;
 * `continue`; if-expressions; a module or a `require` of one.
 *
 * @example
 * ```ts
 * featureCounts(tree).continue; // 0 when generated with features: { continue: false }
 * ```
 */
export function featureCounts(tree: ModuleSet): Record<keyof LuauFeatures, number> {
  const { kinds } = treeStats(ModuleSetSchema, tree);
  const kind = (name: string): number => kinds[name] ?? 0;
  let annotations = 0;
  let generics = 0;
  walkTree(ModuleSetSchema, tree, ({ message }) => {
    if (isMessage(message, StatLocalSchema)) annotations += message.types.length;
    if (isMessage(message, ExprFunctionSchema)) {
      annotations += message.types.length + message.rettypes.length;
      generics += message.generics.length + message.genericpacks.length;
    }
    if (isMessage(message, StatTypeAliasSchema) || isMessage(message, TypeFunctionSchema)) {
      generics += message.generics.length + message.genericpacks.length;
    }
  });
  return {
    typeAnnotations: annotations,
    typeAliases: kind('StatTypeAlias'),
    generics,
    attributes: kind('ExprAttr'),
    typeFunctions: kind('StatTypeFunction'),
    interpolatedStrings: kind('ExprInterpString'),
    integerLiterals: kind('ExprConstantInteger'),
    compoundAssignment: kind('StatCompoundAssign'),
    continue: kind('StatContinue'),
    ifExpressions: kind('ExprIfElse'),
    modules: (tree.module === undefined ? 0 : 1) + kind('StatRequireIntoLocalHelper'),
  };
}

/**
 * The most statements in one block of a tree, the program's and module's top-level blocks
 * apart from the blocks nested inside them.
 *
 * @example
 * ```ts
 * const { top, inner } = longestBlocks(tree);
 * ```
 */
export function longestBlocks(tree: ModuleSet): { top: number; inner: number } {
  let top = 0;
  let inner = 0;
  walkTree(ModuleSetSchema, tree, ({ message }) => {
    if (!isMessage(message, StatBlockSchema)) return;
    if (message === tree.program || message === tree.module)
      top = Math.max(top, message.body.length);
    else inner = Math.max(inner, message.body.length);
  });
  return { top, inner };
}
