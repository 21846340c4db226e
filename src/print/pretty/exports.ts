import type { DescMessage } from '@bufbuild/protobuf';
import type { LValue, Stat, StatClass } from '../../tree/nodes.js';
import { walkTree } from '../../tree/index.js';
import { localText } from '../names.js';
import type { PrettyContext } from './context.js';
import { frameBlocks } from './frame-blocks.js';

// Where `const` and `export` (grammar 735) may be written so that Luau 0.735 parses them.

/**
 * Whether a statement returns from the function it is in (a `return` in it or in a block of
 * it, not in a function it defines).
 *
 * @example
 * ```ts
 * const exportable = !program.body.some(returnsInFrame);
 * ```
 */
export function returnsInFrame(stat: Stat): boolean {
  if (stat.statOneof.case === 'return') return true;
  return frameBlocks(stat).some((b) => b?.body.some(returnsInFrame) === true);
}

/**
 * Whether the statement being printed, or one after it in its block, assigns a local of one
 * of these names anywhere (in the functions it holds too; a name declared again counts as
 * well, so the answer errs on the side of yes): Luau refuses to compile any assignment of a
 * `const` ("Variable 'x' is constant and may not be reassigned").
 */
function assignedLater(ctx: PrettyContext, names: readonly string[]): boolean {
  const stat = ctx.grammar.registry.getMessage('luau.Stat') as DescMessage;
  for (let i = ctx.at; i < ctx.block.length; i++) {
    let found = false;
    walkTree(stat, ctx.block[i]!, (node) => {
      if (found) return;
      const m = node.message as { $typeName?: string };
      if (m.$typeName === 'luau.LValue') {
        const o = (m as LValue).lvalueOneof;
        found = o.case === 'local' && names.includes(localText(o.value.var));
      } else if (m.$typeName === 'luau.StatClass') {
        // A class statement assigns its instance to `local`.
        found = names.includes(localText((m as StatClass).local));
      }
    });
    if (found) return true;
  }
  return false;
}

/**
 * Whether names may be declared `const` here: each has its value (`const a, b = 1` is
 * "Missing initializer") and nothing assigns them afterwards.
 *
 * @example
 * ```ts
 * if (mayBeConst(ctx, ['l1'], 1)) w.write('const ');
 * ```
 */
export function mayBeConst(ctx: PrettyContext, names: readonly string[], values: number): boolean {
  return values === names.length && !assignedLater(ctx, names);
}

/**
 * Whether names may be exported here, and if so records them: only a statement of the
 * source's own block, in a source that does not `return`, each name once.
 *
 * @example
 * ```ts
 * if (mayExport(ctx, ['l1'])) w.write('export ');
 * ```
 */
export function mayExport(ctx: PrettyContext, names: readonly string[]): boolean {
  if (!ctx.topLevel || !ctx.exportable) return false;
  if (new Set(names).size !== names.length || names.some((n) => ctx.exported.has(n))) return false;
  for (const name of names) ctx.exported.add(name);
  return true;
}
