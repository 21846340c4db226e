import { randomInt } from 'node:crypto';
import type { LuauArbitraryOptions, ProfileName, ValidityLevel } from '../arbitrary/index.js';
import {
  GENERATOR_VERSION,
  profileNames,
  resolveOptions,
  validityLevels,
} from '../arbitrary/index.js';
import { parseRuntime, runnerDefaults } from '../runtime/index.js';
import type { GeneratorChange } from './store.js';

/** Options of a campaign: what is generated, how it runs, how findings are shrunk. */
export interface CampaignOptions {
  /** Programs to generate and run. Default 1000. */
  readonly count?: number;
  /** Seed of the generator (program `i` is the `i`-th value of fast-check's run with this seed). Default: random. */
  readonly seed?: number;
  /** Validity level of the programs. Default `'runnable'`. */
  readonly level?: ValidityLevel;
  /** Feature profile of the programs. Default `'luau-web'`. */
  readonly profile?: ProfileName;
  /** Largest tree (messages) generated. Default: the arbitraries' default (400). */
  readonly maxNodes?: number;
  /** Deepest nesting of statements, expressions and types. Default: the arbitraries' default (6). */
  readonly maxDepth?: number;
  /** Most statements in one block. Default: the arbitraries' default (6). */
  readonly maxStatements?: number;
  /** Type syntax at all (annotations, aliases, type functions, generics). Default true. */
  readonly types?: boolean;
  /**
   * Runtimes, as `parseRuntime` specs. One runtime, or two or more for differential mode
   * (every program runs under each; a difference between any two in output or in
   * error/no-error is a finding).
   * Default `['luau-web']`.
   */
  readonly runtimes?: readonly string[];
  /**
   * Most programs per batch (one run of the runner); fewer when the encoded batch would be
   * over `payloadLimit`, and near the end, two batches per slot. Default 1000.
   */
  readonly batchSize?: number;
  /**
   * Largest encoded batch (gzip + base64 characters) per run of the runner; a batch larger
   * than one request takes is uploaded in parts first. Default 1 000 000.
   */
  readonly payloadLimit?: number;
  /** Batches in flight per project. Default 2. */
  readonly inFlight?: number;
  /** Wall-clock limit per program, in ms. Default 2000. */
  readonly timeoutMs?: number;
  /** Programs a runner runs in parallel inside a project. Default 1. */
  readonly workers?: number;
  /** Shrink findings. Default true. */
  readonly shrink?: boolean;
  /** Candidate runs allowed per finding while shrinking. Default 300. */
  readonly shrinkAttempts?: number;
  /** Time allowed per finding while shrinking, in ms. Default 30 000. */
  readonly shrinkTimeMs?: number;
  /** Findings shrunk at most, one of each kind and message first (the others are saved as found). Default 10. */
  readonly shrinkFindings?: number;
  /** Characters of output kept per outcome. Default 512. */
  readonly excerptChars?: number;
}

/** {@link CampaignOptions} with every default filled in (what `options.json` holds). */
export interface ResolvedCampaignOptions {
  /** Programs in the campaign. */
  readonly count: number;
  /** The generator's seed. */
  readonly seed: number;
  /** Validity level of the programs. */
  readonly level: ValidityLevel;
  /** Feature profile of the programs. */
  readonly profile: ProfileName;
  /** Largest tree in messages, or `null` for the arbitraries' default. */
  readonly maxNodes: number | null;
  /** Deepest nesting, or `null` for the arbitraries' default. */
  readonly maxDepth: number | null;
  /** Most statements per block, or `null` for the arbitraries' default. */
  readonly maxStatements: number | null;
  /** Whether programs have type syntax. */
  readonly types: boolean;
  /**
   * The {@link GENERATOR_VERSION} that draws the programs: with the seed, it says which
   * program each index is. A campaign recorded by another version is not resumed silently.
   */
  readonly generatorVersion: number;
  /** Changes of generator version by `--resume --rederive`, oldest first (absent: none). */
  readonly generatorChanges?: readonly GeneratorChange[];
  /** Runtime specs: one, or two or more for differential mode. */
  readonly runtimes: readonly string[];
  /** Most programs per batch. */
  readonly batchSize: number;
  /** Largest batch payload, in characters. */
  readonly payloadLimit: number;
  /** Batches in flight per project. */
  readonly inFlight: number;
  /** Wall-clock limit per program, in ms. */
  readonly timeoutMs: number;
  /** Programs a runner runs in parallel. */
  readonly workers: number;
  /** Whether findings are shrunk. */
  readonly shrink: boolean;
  /** Candidate runs per finding. */
  readonly shrinkAttempts: number;
  /** Time per finding while shrinking, in ms. */
  readonly shrinkTimeMs: number;
  /** Findings shrunk at most. */
  readonly shrinkFindings: number;
  /** Characters of output kept per outcome. */
  readonly excerptChars: number;
}

/**
 * Campaign options that are out of range.
 *
 * @example
 * ```ts
 * try { resolveCampaignOptions({ count: 0 }); } catch (e) { if (e instanceof CampaignOptionsError) usage(e.message); }
 * ```
 */
export class CampaignOptionsError extends Error {
  override readonly name = 'CampaignOptionsError';
}

/**
 * What the generator of a campaign needs from its options: with a seed, they fix program `i`.
 * The limits added after the first campaigns (`maxDepth`, `maxStatements`, `types`) may be
 * absent: the arbitraries' defaults.
 *
 * @example
 * ```ts
 * const settings: CampaignGeneratorSettings = { level: 'runnable', profile: 'luau-web', maxNodes: null };
 * ```
 */
export type CampaignGeneratorSettings = Pick<
  ResolvedCampaignOptions,
  'level' | 'profile' | 'maxNodes'
> &
  Partial<Pick<ResolvedCampaignOptions, 'maxDepth' | 'maxStatements' | 'types'>>;

/**
 * The generator settings of a campaign's options, and nothing else.
 *
 * @example
 * ```ts
 * const settings = generatorSettingsOf(resolveCampaignOptions({ maxDepth: 4 })); // settings.maxDepth === 4
 * ```
 */
export function generatorSettingsOf(o: CampaignGeneratorSettings): CampaignGeneratorSettings {
  return {
    level: o.level,
    profile: o.profile,
    maxNodes: o.maxNodes,
    ...(o.maxDepth === undefined ? {} : { maxDepth: o.maxDepth }),
    ...(o.maxStatements === undefined ? {} : { maxStatements: o.maxStatements }),
    ...(o.types === undefined ? {} : { types: o.types }),
  };
}

/**
 * The arbitraries' options of a campaign's generator settings (`null` or absent limits: the
 * arbitraries' defaults).
 *
 * @example
 * ```ts
 * luauArbitraries(arbitraryOptionsOf(resolveCampaignOptions({ maxDepth: 4 }))).moduleSet;
 * ```
 */
export function arbitraryOptionsOf(settings: CampaignGeneratorSettings): LuauArbitraryOptions {
  return {
    level: settings.level,
    profile: settings.profile,
    ...(settings.types === false ? { types: false } : {}),
    ...(settings.maxNodes == null ? {} : { maxNodes: settings.maxNodes }),
    ...(settings.maxDepth == null ? {} : { maxDepth: settings.maxDepth }),
    ...(settings.maxStatements == null ? {} : { maxStatements: settings.maxStatements }),
  };
}

function positive(name: string, value: number, min = 1): number {
  if (!Number.isInteger(value) || value < min)
    throw new CampaignOptionsError(`${name} must be an integer ≥ ${min}, got ${value}`);
  return value;
}

/**
 * Fills in defaults and checks every option.
 *
 * @throws {@link CampaignOptionsError} for a value out of range, {@link RuntimeSpecError} for a bad runtime.
 * @example
 * ```ts
 * const o = resolveCampaignOptions({ count: 300 }); // o.level === 'runnable'
 * ```
 */
export function resolveCampaignOptions(options: CampaignOptions = {}): ResolvedCampaignOptions {
  const level = options.level ?? 'runnable';
  if (!validityLevels.includes(level))
    throw new CampaignOptionsError(`unknown level '${level}' (${validityLevels.join(', ')})`);
  const profile = options.profile ?? 'luau-web';
  if (!profileNames.includes(profile))
    throw new CampaignOptionsError(`unknown profile '${profile}' (${profileNames.join(', ')})`);
  const runtimes = options.runtimes ?? ['luau-web'];
  if (runtimes.length < 1)
    throw new CampaignOptionsError('give one runtime, or two or more for differential mode');
  for (const r of runtimes) parseRuntime(r);
  const seed = options.seed ?? randomInt(0, 2 ** 31 - 1);
  if (!Number.isInteger(seed))
    throw new CampaignOptionsError(`seed must be an integer, got ${seed}`);
  const generator = {
    level,
    profile,
    maxNodes: options.maxNodes === undefined ? null : positive('maxNodes', options.maxNodes),
    maxDepth: options.maxDepth === undefined ? null : positive('maxDepth', options.maxDepth),
    maxStatements:
      options.maxStatements === undefined ? null : positive('maxStatements', options.maxStatements),
    types: options.types ?? true,
  };
  try {
    resolveOptions(arbitraryOptionsOf(generator));
  } catch (e) {
    // The arbitraries' own limits (maxDepth above the schema level), named as here.
    if (e instanceof RangeError) throw new CampaignOptionsError(e.message.replace(/^option /, ''));
    throw e;
  }
  return {
    count: positive('count', options.count ?? 1000),
    seed,
    ...generator,
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
  };
}
