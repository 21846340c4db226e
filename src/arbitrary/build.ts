import { exprBuilders } from './build-expr.js';
import { statBuilders } from './build-stat.js';
import { typeBuilders } from './build-type.js';

/**
 * The one way trees are built by hand: small constructors of tree messages for the resolvers
 * and the runnable generator. They build the messages `create()` would (same prototype,
 * fields and field order) without reading the schema on every call. A tree they build is
 * never changed afterwards: lists are kept as given, and the leaves trees repeat most (locals
 * and references to them, names, globals, `nil`, `...`, booleans, small number constants)
 * are made once, frozen and shared. Leaves and expressions are in `build-expr.ts`;
 * statements, tables and functions in `build-stat.ts`; type annotations in `build-type.ts`.
 *
 * @example
 * ```ts
 * const call = build.libCall('math', 'abs', [build.number(-3)]); // math.abs(-3)
 * build.localStat([build.localVar(0)], [call]); // local l0 = math.abs(-3)
 * ```
 */
export const build = { ...exprBuilders, ...statBuilders, ...typeBuilders };
