import { randomInt } from 'node:crypto';
import type { GeneratorSettings } from '../arbitrary/index.js';
import { GENERATOR_VERSION, OptionError, resolveOptions } from '../arbitrary/index.js';
import { settingsBesideSeed, type ValidityLevel } from '../arbitrary/index.js';
import { grammarOfRuntimes, parseRuntime, profileOfRuntimes } from '../runtime/index.js';
import { runnerDefaults, runtimeTakes } from '../runtime/index.js';
import { grammar715, parseGrammar, type GrammarName } from '../tree/index.js';
import type { GuidedSettings } from './guided/guided-source.js';
import { parseChecker } from './type-check.js';

/**
 * A change of generator in a campaign resumed with `rederive` (`options.json`'s
 * `generatorChanges`).
 *
 * @example
 * ```ts
 * const change: GeneratorChange = { from: 1, to: 2, programsDone: 5000 };
 * ```
 */
export interface GeneratorChange {
  /** The version before (`null`: none recorded). */
  readonly from: number | null;
  /** The version after. */
  readonly to: number;
  /** Programs finished before the change (drawn by `from`). */
  readonly programsDone: number;
}

/** How a campaign runs its programs and shrinks its findings, beside what it generates. */
export interface CampaignRunSettings {
  /**
   * Programs to generate and run. Default 1000, or {@link unlimitedCount} (no limit) when
   * the campaign has a time budget (`durationMs`).
   */
  readonly count: number;
  /**
   * The campaign's running time over all its sessions, in ms (`--duration`): it stops
   * starting programs when what is left is {@link shrinkShare} of it (or at the end, with
   * no finding to shrink), shrinks its findings in that share, and reports. Default: none
   * (the count alone ends it).
   */
  readonly durationMs?: number;
  /**
   * Runtimes, as `parseRuntime` specs. One runtime, or two or more for differential mode
   * (every program runs under each; a difference between any two in output or in
   * error/no-error is a finding). Default `['luau-web']`.
   */
  readonly runtimes: readonly string[];
  /**
   * Most programs per batch (one run of the runner); fewer when the encoded batch would be
   * over `payloadLimit`, and near the end, two batches per slot. Default 1000.
   */
  readonly batchSize: number;
  /**
   * Largest encoded batch (gzip + base64 characters) per run of the runner; a batch larger
   * than one request takes is uploaded in parts first. Default 1 000 000.
   */
  readonly payloadLimit: number;
  /** Batches in flight per project. Default 2. */
  readonly inFlight: number;
  /** Wall-clock limit per program, in ms. Default 2000. */
  readonly timeoutMs: number;
  /** Programs a runner runs in parallel inside a project. Default 1. */
  readonly workers: number;
  /** Shrink findings. Default true. */
  readonly shrink: boolean;
  /** Candidate runs allowed per finding while shrinking. Default 300. */
  readonly shrinkAttempts: number;
  /** Time allowed per finding while shrinking, in ms. Default 30 000. */
  readonly shrinkTimeMs: number;
  /** Findings shrunk at most, one of each kind and message first (the others are saved as found). Default 10. */
  readonly shrinkFindings: number;
  /** Characters of output kept per outcome. Default 512. */
  readonly excerptChars: number;
  /**
   * Guided by coverage: programs are fresh draws and mutants of a corpus of programs that
   * reached new counters of a coverage build. Default: none (every program fresh).
   */
  readonly guided?: GuidedSettings;
  /**
   * Type-check every program of a typed campaign with this `luau-analyze`, as `PATH[:flag…]`
   * (run with `--mode=strict` and the flags, beside the batches): a crash of the checker, a
   * planted error it misses and an error it reports where there is none are findings.
   * Default: none.
   */
  readonly analyze?: string;
}

/**
 * Options of a campaign: its generator settings (seed: random, level `'runnable'`, profile
 * the one its runtimes all take, `profileOfRuntimes`: `'luau-web'` unless none of them is
 * luau-web; limits: the arbitraries' defaults) and how it runs, every one optional.
 *
 * @example
 * ```ts
 * const options: CampaignOptions = { count: 300, level: 'scoped', runtimes: ['luau-cli:-O2'] };
 * ```
 */
export type CampaignOptions = Partial<GeneratorSettings> & Partial<CampaignRunSettings>;

/**
 * {@link CampaignOptions} with every default filled in: what `options.json` holds. Its
 * generator settings are a whole {@link GeneratorSettings}, passed on as they are.
 *
 * @example
 * ```ts
 * const o: ResolvedCampaignOptions = resolveCampaignOptions({ seed: 1 });
 * ```
 */
export interface ResolvedCampaignOptions extends Required<GeneratorSettings>, CampaignRunSettings {
  /**
   * The {@link GENERATOR_VERSION} that draws the programs: with the seed, it says which
   * program each index is. A campaign recorded by another version is not resumed silently.
   */
  readonly generatorVersion: number;
  /** Changes of generator version by `--resume --rederive`, oldest first (absent: none). */
  readonly generatorChanges?: readonly GeneratorChange[];
}

/**
 * A campaign option out of range: an {@link OptionError} whose `option` is the field of
 * {@link CampaignOptions}, and whose message starts with it.
 *
 * @example
 * ```ts
 * try { resolveCampaignOptions({ count: 0 }); } catch (e) { if (e instanceof CampaignOptionsError) usage(e.option, e.reason); }
 * ```
 */
export class CampaignOptionsError extends OptionError {
  override readonly name = 'CampaignOptionsError';

  constructor(option: keyof ResolvedCampaignOptions, reason: string) {
    super(option, reason, `${option} ${reason}`);
  }
}

/**
 * The count of a campaign that only a time budget ends: more programs than it can run.
 *
 * @example
 * ```ts
 * resolveCampaignOptions({ durationMs: 600_000 }).count === unlimitedCount; // true
 * ```
 */
export const unlimitedCount: number = Number.MAX_SAFE_INTEGER;

/**
 * The share of a time budget (`durationMs`) a campaign keeps for shrinking its findings: it
 * starts no program after `1 − shrinkShare` of its budget when it has a finding to shrink.
 *
 * @example
 * ```ts
 * const runUntilMs = o.durationMs! * (1 - shrinkShare);
 * ```
 */
export const shrinkShare = 0.2;

function positive(name: keyof CampaignRunSettings, value: number, min = 1): number {
  if (!Number.isInteger(value) || value < min)
    throw new CampaignOptionsError(name, `must be an integer ≥ ${min}, got ${value}`);
  return value;
}

/**
 * A seed for a campaign given none: any of fast-check's seeds, so that the campaign's
 * programs are drawn from a sequence no other campaign is likely to share.
 *
 * @example
 * ```ts
 * const seed = options.seed ?? randomSeed();
 * ```
 */
export function randomSeed(): number {
  return randomInt(0, 2 ** 31 - 1);
}

/** Guided settings, checked (the coverage build itself is checked when the campaign opens it). */
function guidedSettings(g: GuidedSettings): GuidedSettings {
  if (parseRuntime(g.coverage).kind !== 'luau-cli')
    throw new CampaignOptionsError(
      'guided',
      `coverage must be a luau-cli runtime, got '${g.coverage}'`,
    );
  if (g.mutationShare !== 'auto' && !(g.mutationShare >= 0 && g.mutationShare <= 1))
    throw new CampaignOptionsError(
      'guided',
      `mutationShare must be 'auto' or in [0, 1], got ${g.mutationShare}`,
    );
  if (!Number.isInteger(g.stepSize) || g.stepSize < 1)
    throw new CampaignOptionsError('guided', `stepSize must be an integer ≥ 1, got ${g.stepSize}`);
  return {
    coverage: g.coverage,
    corpora: [...g.corpora],
    mutationShare: g.mutationShare,
    stepSize: g.stepSize,
  };
}

/** A checker spec, checked: only typed programs can be judged by a strict type checker. */
function checkerSpec(options: Omit<CampaignOptions, 'seed'>): string {
  const spec = options.analyze!;
  if ((options.level ?? 'runnable') !== 'typed')
    throw new CampaignOptionsError(
      'analyze',
      `needs level 'typed' (the programs whose type errors are known), got '${options.level ?? 'runnable'}'`,
    );
  try {
    parseChecker(spec);
  } catch (e) {
    throw new CampaignOptionsError('analyze', (e as Error).message.replace(/^analyze: /, ''));
  }
  return spec;
}

/**
 * The grammar of a campaign given none: the one its runtimes imply (`grammarOfRuntimes`) when
 * the generator draws it at `level`, the seed's otherwise.
 */
function defaultGrammar(runOn: readonly string[], level: ValidityLevel): GrammarName {
  const implied = grammarOfRuntimes(runOn).name;
  try {
    resolveOptions({ level, grammar: implied });
    return implied;
  } catch (e) {
    if (e instanceof OptionError && e.option === 'grammar') return grammar715.name;
    throw e;
  }
}

/** `grammar`, refused when one of the runtimes `runOn` cannot compile its programs. */
function grammarOnRuntimes(grammar: GrammarName, runOn: readonly string[]): GrammarName {
  const g = parseGrammar(grammar);
  if (g === undefined) return grammar; // the arbitraries name what is wrong with it
  for (const spec of runOn) {
    if (!runtimeTakes(parseRuntime(spec), g))
      throw new CampaignOptionsError(
        'grammar',
        `${grammar} cannot run on runtime '${spec}': it compiles the programs of grammar 715 ` +
          `only (grammar ${grammar} needs Luau ${g.release} with --fflags=${g.flags.join(',')}, ` +
          `e.g. luau-735:path=LUAU-${g.release})`,
      );
  }
  return grammar;
}

/**
 * The generator settings of a new campaign but its seed, checked. Its programs run on
 * `runtimes` (and on the coverage build of a guided campaign): the profile, unless given, is
 * the one they all take, and the grammar the one they imply.
 */
function campaignSettings(
  options: Omit<CampaignOptions, 'seed'>,
  runtimes: readonly string[],
): Required<Omit<GeneratorSettings, 'seed'>> {
  const runOn = [...runtimes, ...(options.guided === undefined ? [] : [options.guided.coverage])];
  const level = options.level ?? 'runnable';
  const grammar = grammarOnRuntimes(options.grammar ?? defaultGrammar(runOn, level), runOn);
  try {
    return settingsBesideSeed({
      level,
      grammar,
      profile: options.profile ?? profileOfRuntimes(runOn),
      maxNodes: options.maxNodes ?? null,
      maxDepth: options.maxDepth ?? null,
      maxStatements: options.maxStatements ?? null,
      types: options.types ?? true,
      plantedErrors: options.plantedErrors ?? null,
    });
  } catch (e) {
    // The arbitraries' own limits (maxDepth above the schema level), named as here.
    if (e instanceof OptionError)
      throw new CampaignOptionsError(e.option as keyof GeneratorSettings, e.reason);
    throw e;
  }
}

/**
 * Fills in defaults and checks every option; a campaign given no seed gets a random one
 * ({@link randomSeed}).
 *
 * @throws {@link CampaignOptionsError} for a value out of range, {@link RuntimeSpecError} for a bad runtime.
 * @example
 * ```ts
 * const o = resolveCampaignOptions({ count: 300 }); // o.level === 'runnable'
 * ```
 */
export function resolveCampaignOptions(options: CampaignOptions = {}): ResolvedCampaignOptions {
  const { seed = randomSeed(), ...rest } = options;
  if (!Number.isInteger(seed))
    throw new CampaignOptionsError('seed', `must be an integer, got ${String(seed)}`);
  return { seed, ...optionsBesideSeed(rest) };
}

/**
 * Fills in defaults and checks every option but the seed, for a caller that decides the seed
 * itself (the command line, which hands it to the campaign as it is).
 *
 * @throws {@link CampaignOptionsError} for a value out of range, {@link RuntimeSpecError} for a bad runtime.
 * @example
 * ```ts
 * const o: ResolvedCampaignOptions = { seed: 7, ...optionsBesideSeed({ count: 300 }) };
 * ```
 */
export function optionsBesideSeed(
  options: Omit<CampaignOptions, 'seed'> = {},
): Omit<ResolvedCampaignOptions, 'seed'> {
  const runtimes = options.runtimes ?? ['luau-web'];
  if (runtimes.length < 1)
    throw new CampaignOptionsError(
      'runtimes',
      'must be one runtime, or two or more for differential mode',
    );
  for (const r of runtimes) parseRuntime(r);
  return {
    count: positive(
      'count',
      options.count ?? (options.durationMs === undefined ? 1000 : unlimitedCount),
    ),
    ...(options.durationMs === undefined
      ? {}
      : { durationMs: positive('durationMs', options.durationMs) }),
    ...campaignSettings(options, runtimes),
    generatorVersion: GENERATOR_VERSION,
    runtimes: [...runtimes],
    batchSize: positive('batchSize', options.batchSize ?? 1000),
    payloadLimit: positive(
      'payloadLimit',
      options.payloadLimit ?? runnerDefaults.payloadChars,
      10_000,
    ),
    inFlight: positive('inFlight', options.inFlight ?? 2),
    timeoutMs: positive('timeoutMs', options.timeoutMs ?? runnerDefaults.timeoutMs),
    workers: positive('workers', options.workers ?? runnerDefaults.workers),
    shrink: options.shrink ?? true,
    shrinkAttempts: positive('shrinkAttempts', options.shrinkAttempts ?? 300),
    shrinkTimeMs: positive('shrinkTimeMs', options.shrinkTimeMs ?? 30_000),
    shrinkFindings: positive('shrinkFindings', options.shrinkFindings ?? 10, 0),
    excerptChars: positive('excerptChars', options.excerptChars ?? runnerDefaults.excerptChars),
    ...(options.guided === undefined ? {} : { guided: guidedSettings(options.guided) }),
    ...(options.analyze === undefined ? {} : { analyze: checkerSpec(options) }),
  };
}
