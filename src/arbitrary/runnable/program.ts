import { create } from '@bufbuild/protobuf';
import {
  ModuleSetSchema,
  StatRequireIntoLocalHelperSchema,
  StatSchema,
  type Expr,
  type ModuleSet,
  type Stat,
  type StatBlock,
} from '../../../gen/luau_pb.js';
import { build } from '../build.js';
import type { ResolvedOptions } from '../options.js';
import { Choices } from './choices.js';
import { Gen, LOOP_FUEL } from './generator.js';
import { metatablePrelude } from './library/metatable.js';
import { node } from './nodes.js';
import { expression } from './operations.js';
import { blockStatements } from './statements.js';
import { drawSwarm } from './swarm.js';
import { annotation } from './types.js';

const productions = { expr: expression, block: blockStatements };

/**
 * Builds one chunk: the fuel table (when a loop or recursion uses it), the shared metatable
 * (when the program uses metatables), the statements, and the checksum of the top-level
 * locals; a module ends by returning an integer.
 */
function chunk(
  c: Choices,
  options: ResolvedOptions,
  role: 'program' | 'module',
  module: boolean,
): StatBlock {
  const swarm = drawSwarm(c);
  const g = new Gen(c, options, swarm, productions);
  g.fuel = g.scope.declare({ ty: 'fn', mutable: false });
  // Globals in the program only: a module's would be the program's too.
  if (swarm.globals && role === 'program' && !g.typed) g.globals = [];
  const prelude: Stat[] = [];
  // At the typed level objects and metamethod parameters are `any` (see `annotation`).
  if (swarm.metatables) {
    g.meta = g.scope.declare({ ty: 'fn', mutable: false });
    prelude.push(...metatablePrelude(g, g.meta));
    g.nodes += 120;
  }
  if (module) {
    const v = g.declare({ ty: 'int', mutable: true });
    prelude.push(
      create(StatSchema, {
        statOneof: {
          case: 'requireIntoLocal',
          value: create(StatRequireIntoLocalHelperSchema, { var: v, modulenum: 0 }),
        },
      }),
    );
  }
  const body = [...prelude, ...blockStatements(g, 0, false)];
  if (role === 'module') body.push(node.ret([build.binary(5, g.int(1), build.number(1000))]));
  if (g.fuelUsed) {
    const fuel = node.localStat(
      [node.local(g.fuel)],
      [node.array([build.number(LOOP_FUEL)])],
      g.typed ? [annotation({ ty: 'iarr', mutable: true })] : [],
    );
    body.unshift(fuel);
  }
  return node.block(body);
}

/**
 * A runnable program (and sometimes a module it requires) built from a record of choices:
 * type-directed, so valid by construction; every loop and recursion bounded by fuel; every
 * value computed printed.
 *
 * @example
 * ```ts
 * const tree = runnableModuleSet([1, 2, 3], resolveOptions({ level: 'runnable' }));
 * ```
 */
export function runnableModuleSet(record: readonly number[], options: ResolvedOptions): ModuleSet {
  const c = new Choices(record);
  const typed = options.level === 'typed';
  // No module at the typed level: `require(module0)` names a global only the runner has.
  const hasModule = options.features.modules && !typed && c.chance(20);
  const module = hasModule ? chunk(c, options, 'module', false) : undefined;
  const program = chunk(c, options, 'program', hasModule);
  return create(ModuleSetSchema, module === undefined ? { program } : { module, program });
}

/**
 * A runnable program alone (a `StatBlock`), built from a record of choices.
 *
 * @example
 * ```ts
 * const block = runnableChunk([5, 4], resolveOptions({ level: 'runnable' }));
 * ```
 */
export function runnableChunk(record: readonly number[], options: ResolvedOptions): StatBlock {
  return chunk(new Choices(record), options, 'program', false);
}

/**
 * A number expression that runs alone (no locals, no statements).
 *
 * @example
 * ```ts
 * const e = runnableNumber([9, 9], resolveOptions({ level: 'runnable' }));
 * ```
 */
export function runnableNumber(record: readonly number[], options: ResolvedOptions): Expr {
  const c = new Choices(record);
  const g = new Gen(c, options, drawSwarm(c), productions);
  return expression(g, 'num', 0);
}
