import { StatSchema } from '../../../../gen/luau_pb.js';
import { treeStats } from '../../../tree/index.js';
import { countMessages } from '../grammar-735/build-735.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import {
  bufferForwardShape,
  bufferRunShape,
  bufferShape,
  coerceShape,
  fieldSiteShape,
  forBoundsShape,
  indexShape,
  kernelShape,
  knownValueShape,
  methodShape,
  polyShape,
  pressureShape,
  vectorShape,
} from './native/native-shapes.js';
import {
  foldShape,
  inlineShape,
  multiResultShape,
  unrollShape,
} from './optimizer/optimizer-shapes.js';
import type { Lean } from '../swarm.js';
import { constantShape, formsShape } from './optimizer/compiler-shapes.js';
import { typeInfoShape } from './native/type-info-shapes.js';
import { foldBuiltinsShape } from './optimizer/fold-builtins-shape.js';
import { foldOperatorsShape } from './optimizer/fold-operators-shape.js';
import { assignFormsShape } from './optimizer/assign-forms-shape.js';
import { callFormsShape } from './optimizer/call-forms-shape.js';
import { errorShape, positionShape, systemShape } from './library/system-shapes.js';
import { proxyShape } from './library/proxy-shape.js';
import { sortShape } from './library/sort-shape.js';
import { builtinArgsShape } from './native/builtin-args-shape.js';
import { formatShape } from './library/format-shape.js';
import { spanShape } from './native/span-shape.js';
import { weakShape } from './library/weak-shape.js';
import { protectShape } from './errors/protect-shape.js';
import { sourceTextShape } from '../text/source-text-shape.js';
import { knownOperandsShape } from './native/known-operands-shape.js';
import { libraryPathsShape } from './library/library-paths-shape.js';
import { convertedArgsShape } from './native/converted-args-shape.js';
import { guardedTableShape } from './errors/guarded-table-shape.js';
import { attributeShape } from './native/attribute-shape.js';
import { loopFormsShape } from './native/loop-forms-shape.js';
import { importDrawn, importShape } from './optimizer/import-shape.js';

/**
 * Each shape, its weight among a block's statements, the lean that draws it more often, and
 * where it is drawn at all (everywhere when not given): elsewhere it takes no draws.
 */
const shapes: [StatProduction, number, Lean, ((g: Gen) => boolean)?][] = [
  [indexShape, 1, 'native'],
  [polyShape, 1, 'native'],
  [forBoundsShape, 1, 'native'],
  [bufferShape, 1, 'native'],
  [bufferRunShape, 2, 'native'],
  [kernelShape, 1, 'native'],
  [vectorShape, 1, 'native'],
  [methodShape, 1, 'native'],
  [fieldSiteShape, 1, 'native'],
  [coerceShape, 1, 'native'],
  [pressureShape, 1, 'native'],
  [bufferForwardShape, 1, 'native'],
  [knownValueShape, 1, 'native'],
  [inlineShape, 1, 'optimizer'],
  [unrollShape, 1, 'optimizer'],
  [multiResultShape, 1, 'optimizer'],
  [foldShape, 1, 'optimizer'],
  [constantShape, 1, 'optimizer'],
  [formsShape, 1, 'optimizer'],
  [foldBuiltinsShape, 1, 'optimizer'],
  [foldOperatorsShape, 1, 'optimizer'],
  [assignFormsShape, 1, 'optimizer'],
  [callFormsShape, 1, 'optimizer'],
  [typeInfoShape, 1, 'native'],
  [systemShape, 1, 'library'],
  [errorShape, 1, 'errors'],
  [positionShape, 1, 'library'],
  [proxyShape, 1, 'library'],
  [sortShape, 1, 'library'],
  [builtinArgsShape, 1, 'native'],
  [formatShape, 1, 'library'],
  [spanShape, 1, 'native'],
  [weakShape, 1, 'library'],
  [protectShape, 1, 'errors'],
  [sourceTextShape, 1, 'dynamic'],
  [knownOperandsShape, 3, 'native'],
  // Only where a program leans on their area: elsewhere the other shapes keep their draws.
  [libraryPathsShape, 0, 'library'],
  [convertedArgsShape, 0, 'native'],
  [guardedTableShape, 0, 'errors'],
  [attributeShape, 0, 'native'],
  [loopFormsShape, 0, 'native'],
  [importShape, 0, 'optimizer', importDrawn],
];

/**
 * Shapes a chunk with a call fan-out does not draw: the fan-out is rare by design and keeps
 * its share of the chunk's draws, and two constructs slow to compile (the fan-out and the
 * long-jump chunk) do not meet in one program.
 */
const apartFromFanOut: ReadonlySet<StatProduction> = new Set([
  libraryPathsShape,
  convertedArgsShape,
  guardedTableShape,
]);

/** How much more often a program draws the shapes of the area it leans on. */
const LEAN_FACTOR = 5;

/**
 * Blocks' statements and nodes a shape needs: a shape is a construct of its own (its `do`
 * block holds up to 16 statements and a few hundred messages), drawn only where the options
 * leave room for one, so that small `maxStatements` and `maxNodes` still bound every tree.
 */
const SHAPE_STATEMENTS = 6;
const SHAPE_NODES = 250;

/** A shape whose messages count against the node budget. */
function counted(make: StatProduction): StatProduction {
  return (g, d) => {
    const stats = make(g, d);
    // A shape of grammar 735 may hold its messages (a builtin reference), which the seed's
    // schema cannot walk.
    if (g.options.grammar === '735') g.nodes += countMessages(stats);
    else for (const s of stats) g.nodes += treeStats(StatSchema, s).nodes;
    return stats;
  };
}

const countedShapes = shapes.map(
  ([make, weight, lean, drawn]) =>
    [counted(make), weight, lean, apartFromFanOut.has(make), drawn] as const,
);

/**
 * The shapes a block may draw, weighted by the program's lean: statements built around what
 * the optimizer and the native code generator specialise on (polymorphic sites, keys of every
 * kind, loop bounds, inlining, unrolling, several results), library functions that need a
 * statement, and errors with their messages. None where `maxStatements` is below
 * {@link SHAPE_STATEMENTS} or fewer than {@link SHAPE_NODES} nodes of the budget are left.
 *
 * @example
 * ```ts
 * const productions = [...core, ...shapeProductions(g)];
 * ```
 */
export function shapeProductions(g: Gen): [number, StatProduction][] {
  if (g.options.maxStatements < SHAPE_STATEMENTS || g.options.maxNodes - g.nodes < SHAPE_NODES)
    return [];
  return countedShapes.map(([make, weight, lean, apart, drawn]) => [
    (apart && g.swarm.fanOut) || drawn?.(g) === false
      ? 0
      : g.swarm.lean === lean
        ? Math.max(weight, 1) * LEAN_FACTOR
        : weight,
    make,
  ]);
}
