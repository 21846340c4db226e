import { isMessage } from '@bufbuild/protobuf';
import {
  ExprBinary_Op,
  ExprLocalSchema,
  ModuleSetSchema,
  StatSchema,
  StatRequireIntoLocalHelperSchema,
  type Expr,
  type ModuleSet,
  type Stat,
  type StatBlock,
} from '../../../gen/luau_pb.js';
import { walkTree } from '../../tree/index.js';
import { blank } from '../blank-message.js';
import { build } from '../build.js';
import { frozenDeep } from '../shared-messages.js';
import type { ResolvedOptions } from '../options.js';
import { Choices, type ChoiceSpan } from './choices.js';
import { upgradeCalls } from './grammar-735/build-735.js';
import { typedOpening735 } from './grammar-735/added-735-shapes.js';
import { StatSchema as Stat735Schema } from '../../../gen/luau-735_pb.js';
import { Gen, LOOP_FUEL } from './generator.js';
import { Inputs } from './values/inputs.js';
import { kit } from './shapes/kit.js';
import { metatablePrelude } from './library/metatable.js';
import { expression } from './values/operations.js';
import { blockStatements } from './statements/statements.js';
import { plantedErrorBlock } from './planted/planted-errors.js';
import { allowGlobalFunctions } from './typed/typed-globals.js';
import { drawSwarm } from './swarm.js';
import { annotation } from './values/types.js';

const productions = { expr: expression, block: blockStatements };

/** Metatable preludes built so far, per options and local. */
const preludes = new WeakMap<ResolvedOptions, Map<number, readonly Stat[]>>();

/**
 * The metatable prelude of `g`'s options, built once and shared by every program made with
 * them (frozen): it reads no choices (a test checks), and no tree is changed once built (the
 * reducer copies a tree before cutting it), so sharing its messages is safe and spares
 * rebuilding about 300 messages per program.
 */
function sharedMetatablePrelude(g: Gen, mt: number): readonly Stat[] {
  let byLocal = preludes.get(g.options);
  if (byLocal === undefined) preludes.set(g.options, (byLocal = new Map()));
  let prelude = byLocal.get(mt);
  if (prelude === undefined) byLocal.set(mt, (prelude = metatablePrelude(g, mt).map(frozenDeep)));
  return prelude;
}

/** Dynamic programs (see `Lean`) that run without imports and fast calls, in percent. */
const UNSAFE_PERCENT = 33;

/**
 * `print(type(getfenv(1)))`: `getfenv` marks the environment it returns as one the program
 * may change, so the rest of the program runs without imports and fast calls.
 */
function unsafeEnvironment(): Stat {
  return kit.print([kit.type(kit.call('getfenv', [kit.num(1)]))]);
}

/** Whether `stat` (of the options' grammar) reads the local named `name` anywhere inside it. */
function readsLocal(options: ResolvedOptions, stat: Stat, name: number): boolean {
  let found = false;
  const schema =
    options.grammar === '735' ? (Stat735Schema as unknown as typeof StatSchema) : StatSchema;
  walkTree(schema, stat, (node) => {
    if (!found && isMessage(node.message, ExprLocalSchema)) found = node.message.var?.name === name;
  });
  return found;
}

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
  if (role === 'program' && g.typed) allowGlobalFunctions(g);
  // At the typed level objects and metamethod parameters are `any` (see `annotation`).
  let metaPrelude: readonly Stat[] = [];
  if (swarm.metatables) {
    g.meta = g.scope.declare({ ty: 'fn', mutable: false });
    metaPrelude = sharedMetatablePrelude(g, g.meta);
    g.nodes += 120;
  }
  // Not values a leaf picks as a local: read only through `g.inputs`.
  g.inputs = new Inputs(
    g.scope.declare({ ty: 'fn', mutable: false }),
    g.scope.declare({ ty: 'fn', mutable: false }),
  );
  let prelude = chunkOpening(g, c, role, module);
  let statements = blockStatements(g, 0, false);
  if (role === 'module') {
    statements.push(build.ret([build.binary(ExprBinary_Op.Mod, g.int(1), build.number(1000))]));
  }
  // Grammar 735's statements hold calls of its shape from here on, so that they walk.
  if (options.grammar === '735') {
    statements = upgradeCalls(statements);
    prelude = upgradeCalls(prelude);
    metaPrelude = upgradeCalls(metaPrelude);
  }
  return build.block(chunkBody(g, metaPrelude, [...prelude, ...statements]));
}

/**
 * The statements before the chunk's own: `getfenv` in some dynamic programs, the module's
 * `require`, grammar 735's typed classes, and a planted error.
 */
function chunkOpening(g: Gen, c: Choices, role: 'program' | 'module', module: boolean): Stat[] {
  const options = g.options;
  const prelude: Stat[] = [];
  // A third of the dynamic programs: the rest keep their fast calls, which the slow paths
  // would cost them (measured: more library lines lost than slow-path lines gained). Not with
  // the call fan-out, which is there for the inliner: a program that names `getfenv` is
  // compiled without inlining.
  const unsafe = g.swarm.lean === 'dynamic' && !g.swarm.fanOut && role === 'program' && !g.typed;
  if (unsafe && c.chance(UNSAFE_PERCENT)) {
    prelude.push(unsafeEnvironment());
  }
  if (module) {
    const v = g.declare({ ty: 'int', mutable: true });
    const require = blank(StatRequireIntoLocalHelperSchema);
    require.var = v;
    require.modulenum = 0;
    prelude.push(build.stat({ case: 'requireIntoLocal', value: require }));
  }
  // First, while the record has choices left (many a program uses them all): its locals stay
  // in its block, and it prints nothing. No choice is read at a share of 0, so that such
  // programs are the ones made before planted errors.
  // Grammar 735's typed classes before, so that a planted error may be about them.
  if (g.typed && options.grammar === '735') prelude.push(...typedOpening735(g));
  const share = options.plantedErrors;
  if (g.typed && role === 'program' && share > 0 && c.chance(share)) {
    const planted = plantedErrorBlock(g);
    if (planted !== undefined) prelude.push(planted);
  }
  return prelude;
}

/**
 * The chunk's statements after the fuel table and the input tables, and after the shared
 * metatable only where a statement reads it, as the fuel: a shrunk program keeps no metatable
 * that nothing uses.
 */
function chunkBody(g: Gen, metaPrelude: readonly Stat[], statements: Stat[]): Stat[] {
  const meta = g.meta;
  const used = meta !== undefined && statements.some((s) => readsLocal(g.options, s, meta));
  const body = [...(used ? metaPrelude : []), ...statements];
  body.unshift(...g.inputs!.declarations(g.typed));
  if (g.fuelUsed) {
    const fuel = build.localStat(
      [build.localVar(g.fuel)],
      [build.array([build.number(LOOP_FUEL)])],
      g.typed ? [annotation({ ty: 'iarr', mutable: true })] : [],
    );
    body.unshift(fuel);
  }
  return body;
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
export function runnableModuleSet(
  record: readonly number[],
  options: ResolvedOptions,
  spans?: ChoiceSpan[],
): ModuleSet {
  const c = new Choices(record, spans);
  // At the typed level too: the checker resolves `require` through the module's names (local
  // there, see `LuauPrograms.write`) and types the program with the module's return type.
  const hasModule = options.features.modules && c.chance(20);
  const module = hasModule ? chunk(c, options, 'module', false) : undefined;
  const program = chunk(c, options, 'program', hasModule);
  const set = blank(ModuleSetSchema);
  if (module !== undefined) set.module = module;
  set.program = program;
  return options.grammar === '735' ? upgradeCalls(set) : set;
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
  const block = chunk(new Choices(record), options, 'program', false);
  return options.grammar === '735' ? upgradeCalls(block) : block;
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
  const e = expression(g, 'num', 0);
  return options.grammar === '735' ? upgradeCalls(e) : e;
}
