import type { Stat } from '../../../../gen/luau_pb.js';
import { checksumStats, insertBeforeExit } from '../values/checksum.js';
import { fanOutStat } from './fan-out.js';
import { globalChecksum } from '../values/globals.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import { libraryModels } from '../values/operations.js';
import { shapeProductions } from '../shapes/shapes.js';
import { opening735, productions735 } from '../grammar-735/added-735-shapes.js';
import { assignStat, compoundStat, globalStat, localStat, resultStat } from './assignments.js';
import { doStat, ifStat, printStat, typeAliasStat } from './blocks.js';
import { closureLoopStat, functionStat } from './functions.js';
import { countStat, gmatchStat, sortedPairsStat } from './iterations.js';
import { capped, exitStat, forInStat, forStat, repeatStat, whileStat } from './loops.js';

// The core statements by family: locals and assignments, branches and blocks, loops,
// unordered iterations, functions (one file each under `statements/`).
const core: [number, StatProduction][] = [
  [6, localStat],
  [5, assignStat],
  [3, compoundStat],
  [3, ifStat],
  [2, capped(whileStat)],
  [1, capped(repeatStat)],
  [3, capped(forStat)],
  [2, capped(forInStat)],
  [1, capped(countStat)],
  [2, capped(sortedPairsStat)],
  [1, capped(gmatchStat)],
  [2, exitStat],
  [3, functionStat],
  [1, closureLoopStat],
  [2, printStat],
  [6, resultStat],
  [1, doStat],
  [1, typeAliasStat],
  [4, globalStat],
];

/**
 * The statements of a block: up to `maxStatements` drawn by weight from the core statements
 * and the statements of the library models the program uses, then the checksum of the
 * block's own locals. The chunk's top block (`d` 0) goes on until the record of choices or
 * the node budget is used up.
 *
 * @example
 * ```ts
 * const body = blockStatements(g, 0, false);
 * ```
 */
export function blockStatements(g: Gen, d: number, loop: boolean): Stat[] {
  void loop;
  const out: Stat[] = [];
  if (d >= g.options.maxDepth) return out;
  const mark = g.scope.mark();
  const productions: [number, StatProduction][] = [...core, ...shapeProductions(g)];
  for (const m of libraryModels) {
    if (m.stats !== undefined && m.on(g)) for (const s of m.stats) productions.push([3, s]);
  }
  // Heavy enough that a chunk drawing the family nearly always has it.
  if (d === 0 && g.swarm.fanOut) productions.push([8, fanOutStat]);
  // Last, so that the seed's grammar draws as it did before grammar 735.
  if (g.options.grammar === '735') productions.push(...productions735(g, d));
  const weights = productions.map(([w]) => w);
  const statements = (): void => {
    const most = d === 0 ? g.options.maxStatements * 3 : g.choices.int(g.options.maxStatements + 1);
    for (let i = 0; i < most; i++) {
      if (g.spent() || (d === 0 && g.choices.exhausted)) break;
      const made = g.choices.span(
        'stat',
        () => productions[g.choices.weighted(weights)]![1](g, d),
        (stats) => stats.length > 0,
      );
      out.push(...made);
    }
  };
  if (d === 0 && g.options.grammar === '735') out.push(...opening735(g));
  if (d === 0) statements();
  else g.choices.span('block', statements, () => out.length > 0);
  if (g.pure === 0) {
    const sums = checksumStats(g.scope.visible.slice(mark));
    // The chunk's top block ends with its globals.
    if (d === 0) sums.push(...globalChecksum(g));
    insertBeforeExit(out, sums);
  }
  return out;
}
