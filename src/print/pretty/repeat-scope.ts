import type { DescMessage } from '@bufbuild/protobuf';
import type { AnyGrammar } from '../../tree/grammar.js';
import type { Expr, ExprLocal, Stat } from '../../tree/nodes.js';
import { walkTree } from '../../tree/index.js';
import { localText } from '../names.js';

/**
 * The names of the locals a statement of a block declares (none for other statements).
 *
 * @example
 * ```ts
 * declaredNames(localStat); // ['l3', 'l4']
 * ```
 */
export function declaredNames(stat: Stat): string[] {
  const o = stat.statOneof;
  switch (o.case) {
    case 'local':
      return o.value.vars.map(localText);
    case 'localFunction':
    case 'requireIntoLocal':
      return [localText(o.value.var)];
    default:
      return [];
  }
}

/**
 * Whether an expression names any of `names` as a local, anywhere inside it (in the
 * functions it holds too): what Luau checks of a `repeat` loop's condition when a `continue`
 * jumps over the declarations of those locals. A name that a nested function declares again
 * counts as well, so the answer errs on the side of yes.
 *
 * @example
 * ```ts
 * mentionsLocal(grammar715, cond, new Set(['l5'])); // true when `cond` reads l5
 * ```
 */
export function mentionsLocal(grammar: AnyGrammar, e: Expr, names: ReadonlySet<string>): boolean {
  if (names.size === 0) return false;
  let found = false;
  walkTree(grammar.registry.getMessage('luau.Expr') as DescMessage, e, (node) => {
    const m = node.message as { $typeName?: string };
    if (!found && m.$typeName === 'luau.ExprLocal')
      found = names.has(localText((m as ExprLocal).var));
  });
  return found;
}
