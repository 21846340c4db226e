import { parentPort, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import { arbitraryOptionsOf, luauArbitraries, OptionError } from '../arbitrary/index.js';
import type { GeneratorSettings, GivenGeneratorSettings } from '../arbitrary/index.js';
import { printPretty } from '../print/index.js';
import { grammar715, grammars, parseGrammar, treeKinds } from '../tree/index.js';
import type { AnyGrammar, GrammarName } from '../tree/index.js';
import type { ModuleSet } from '../../gen/luau_pb.js';
import type { ModuleSet as ModuleSet735 } from '../../gen/luau-735_pb.js';

/**
 * The grammar of generator settings (a campaign's options are some): the seed's when they
 * name none.
 *
 * @example
 * ```ts
 * campaignGrammar({ grammar: '735' }) === grammar735; // true
 * ```
 */
export function campaignGrammar(settings: {
  readonly grammar?: GrammarName | undefined;
}): AnyGrammar {
  const name = settings.grammar ?? grammar715.name;
  const grammar = parseGrammar(name);
  if (grammar === undefined)
    throw new OptionError(
      'grammar',
      `must be one of ${grammars.map((g) => g.name).join(', ')}, got ${String(name)}`,
    );
  return grammar;
}

/** One generated program of a campaign. */
export interface CampaignProgram {
  /** Its index: the campaign's `i`-th program. */
  readonly index: number;
  /** The tree, of the campaign's grammar (typed as the seed's, as the arbitraries type it). */
  readonly tree: ModuleSet;
  /** The program's source (pretty printer). */
  readonly program: string;
  /** The module's source, when the tree has a module. */
  readonly module?: string;
  /** Messages in the tree. */
  readonly nodes: number;
  /** Message kinds of the tree and their counts (for coverage). */
  readonly kinds: Record<string, number>;
  /** Why it could not be printed, when it could not. */
  readonly printError?: string;
}

/** A request to a generation thread ({@link serveGenerationThread}). */
export interface GenerateRequest {
  readonly id: number;
  readonly indices: readonly number[];
}

/** A program as a generation thread sends it: without its tree (replayed when read). */
export type GeneratedProgram = Omit<CampaignProgram, 'tree'>;

/**
 * The `ModuleSet` arbitrary of generator settings (the seed aside; those not given: the
 * arbitraries' defaults): a campaign's options are some. Its trees are of the settings'
 * grammar ({@link campaignGrammar}).
 *
 * @example
 * ```ts
 * const arb = campaignArbitrary(resolveCampaignOptions({ level: 'scoped' }));
 * ```
 */
export function campaignArbitrary(
  settings: GivenGeneratorSettings & { grammar: '735' },
): fc.Arbitrary<ModuleSet735>;
export function campaignArbitrary(settings: GivenGeneratorSettings): fc.Arbitrary<ModuleSet>;
export function campaignArbitrary(
  settings: GivenGeneratorSettings,
): fc.Arbitrary<ModuleSet> | fc.Arbitrary<ModuleSet735> {
  return luauArbitraries(arbitraryOptionsOf(settings)).moduleSet;
}

/**
 * Prints a tree of `grammar` into the sources a runtime runs.
 *
 * @example
 * ```ts
 * const { program, module } = sourcesOf(tree, grammar735);
 * ```
 */
export function sourcesOf(
  tree: ModuleSet,
  grammar: AnyGrammar = grammar715,
): { program: string; module?: string } {
  const printed = printPretty(tree, { grammar });
  if (tree.module !== undefined && printed.length > 1)
    return { module: printed[0]!, program: printed[1]! };
  return { program: printed[printed.length - 1] ?? '' };
}

/**
 * Builds a {@link CampaignProgram} from a tree of `grammar`.
 *
 * @example
 * ```ts
 * const p = campaignProgram(0, tree); // p.program, p.nodes
 * ```
 */
export function campaignProgram(
  index: number,
  tree: ModuleSet,
  grammar: AnyGrammar = grammar715,
): CampaignProgram {
  const stats = treeKinds(grammar.moduleSet, tree as never);
  try {
    return { index, tree, ...sourcesOf(tree, grammar), nodes: stats.nodes, kinds: stats.kinds };
  } catch (e) {
    return {
      index,
      tree,
      program: '',
      nodes: stats.nodes,
      kinds: stats.kinds,
      printError: e instanceof Error ? e.message : String(e),
    };
  }
}

/**
 * Generates the programs with the given indices: program `i` is the value fast-check draws at
 * run `i` with the campaign's seed (the same value `fc.check` replays with `path: String(i)`,
 * which is how a finding is shrunk later). Contiguous indices are drawn together. The trees
 * are of `grammar`, the arbitrary's.
 *
 * @example
 * ```ts
 * const programs = generatePrograms(arb, 42, [0, 1, 2, 10]);
 * ```
 */
export function generatePrograms(
  arbitrary: fc.Arbitrary<ModuleSet>,
  seed: number,
  indices: readonly number[],
  grammar: AnyGrammar = grammar715,
): CampaignProgram[] {
  return drawPrograms(arbitrary, seed, indices, (i, tree) => campaignProgram(i, tree, grammar));
}

/**
 * Draws the trees of the given indices as {@link generatePrograms} does, in increasing index
 * order, and makes each into what `make` returns as soon as it is drawn: a tree that `make`
 * does not keep is garbage before the next one is drawn (a generation thread keeps only the
 * sources, and the young-generation collections no longer copy a hundred trees each time).
 *
 * @example
 * ```ts
 * const sizes = drawPrograms(arb, 42, [0, 1, 2], (i, tree) => campaignProgram(i, tree).nodes);
 * ```
 */
export function drawPrograms<T>(
  arbitrary: fc.Arbitrary<ModuleSet>,
  seed: number,
  indices: readonly number[],
  make: (index: number, tree: ModuleSet) => T,
): T[] {
  const sorted = [...indices].sort((a, b) => a - b);
  const out: T[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i + 1;
    while (j < sorted.length && sorted[j] === sorted[j - 1]! + 1) j++;
    const start = sorted[i]!;
    let index = start;
    // fast-check draws the runs one by one as the sample is read, so `index` follows them.
    const made = fc.sample(
      arbitrary.map((tree) => make(index++, tree)),
      { seed, path: String(start), numRuns: j - i },
    );
    for (const m of made) out.push(m);
    i = j;
  }
  return out;
}

/**
 * Makes this thread a generation thread of `ProgramGenerator`: it draws the programs of the
 * settings it was started with (its `workerData`) exactly as {@link generatePrograms} does
 * on the main thread, and answers each {@link GenerateRequest} with `{ id, programs }`. Only
 * the printed sources and the tree's statistics go back: a tree is drawn again from (seed,
 * index) on the main thread when it is needed (a finding's), which costs far less than
 * encoding every tree here and decoding it there.
 *
 * @example
 * ```ts
 * // generate-worker.ts, the module a generation thread runs:
 * serveGenerationThread();
 * ```
 */
export function serveGenerationThread(): void {
  const port = parentPort;
  if (port === null) throw new Error('serveGenerationThread runs in a worker thread');
  const settings = workerData as GeneratorSettings;
  const arbitrary = campaignArbitrary(settings);
  const grammar = campaignGrammar(settings);
  port.on('message', (request: GenerateRequest) => {
    const programs: GeneratedProgram[] = drawPrograms(
      arbitrary,
      settings.seed,
      request.indices,
      (index, tree) => {
        const { tree: _tree, ...rest } = campaignProgram(index, tree, grammar);
        return rest;
      },
    );
    port.postMessage({ id: request.id, programs });
  });
}
