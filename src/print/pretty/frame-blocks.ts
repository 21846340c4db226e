import type { Stat, StatBlock, StatIf } from '../../tree/nodes.js';

/**
 * The blocks a statement holds in the function it is in: a `do` block, the branches of an
 * `if`, the body of a loop; none for other statements (a function they define is a frame of
 * its own).
 *
 * @example
 * ```ts
 * const loops = frameBlocks(stat).filter((b) => b?.body.some((s) => s.statOneof.case === 'while'));
 * ```
 */
export function frameBlocks(stat: Stat): (StatBlock | undefined)[] {
  const o = stat.statOneof;
  switch (o.case) {
    case 'block':
      return [o.value];
    case 'if': {
      const blocks: (StatBlock | undefined)[] = [];
      for (let s: StatIf | undefined = o.value; s !== undefined;) {
        blocks.push(s.then);
        const e: StatIf['elseOneof'] = s.elseOneof;
        if (e.case === 'else') blocks.push(e.value);
        s = e.case === 'elseif' ? e.value : undefined;
      }
      return blocks;
    }
    case 'while':
    case 'repeat':
    case 'for':
    case 'forIn':
      return [o.value.body];
    case 'break':
    case 'continue':
    case 'return':
    case 'call':
    case 'local':
    case 'assign':
    case 'compoundAssign':
    case 'function':
    case 'localFunction':
    case 'typeAlias':
    case 'requireIntoLocal':
    case 'typeFunction':
    case 'class':
    case undefined:
      return [];
  }
}
