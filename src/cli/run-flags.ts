import type { Command } from 'commander';
import { OptionError, type ProfileName } from '../arbitrary/index.js';
import { assertChecker, optionsBesideSeed } from '../campaign/index.js';
import {
  corpusFolder,
  coverageLuau,
  guidedDefaults,
  type MutationShare,
} from '../campaign/guided/index.js';
import type {
  CampaignOptions,
  CampaignRunSettings,
  ResolvedCampaignOptions,
} from '../campaign/index.js';
import { missingExecutable, RuntimeSpecError } from '../runtime/index.js';
import {
  flagError,
  generatorFlagNames,
  settingsOfFlags,
  type GeneratorFlags,
} from './generator-options.js';
import type { WorkspaceFlags } from './workspace-options.js';

/**
 * The flags of `luau-fuzz run`, as commander parses them.
 *
 * @example
 * ```ts
 * campaignOptions({ level: 'runnable', profile: 'luau-web', types: true, shrink: true, count: '300' } as RunFlags);
 * ```
 */
export interface RunFlags extends WorkspaceFlags, Omit<GeneratorFlags, 'profile'> {
  /** Absent: the one the campaign's runtimes all take. */
  profile?: ProfileName | undefined;
  count?: string;
  duration?: number;
  runtime?: string;
  diff?: string[];
  out?: string;
  resume?: string;
  rederive?: boolean;
  projects?: number;
  batchSize?: string;
  payloadLimit?: string;
  inFlight?: string;
  timeout?: string;
  workers?: string;
  shrink: boolean;
  shrinkAttempts?: string;
  shrinkTime?: string;
  shrinkFindings?: string;
  json?: boolean;
  publish?: boolean;
  failOnFindings: boolean;
  progress: boolean;
  guided?: string;
  corpus?: string[];
  mutationShare?: string;
  analyze?: string;
}

/** How a flag of `run` sets a campaign option: its name and how its value is read. */
interface RunFlag {
  /** The flag, as the help shows it. */
  readonly flag: string;
  /** Its value from the parsed flags (undefined: not given). */
  readonly value: (f: RunFlags) => unknown;
}

function int(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new Error(`${flag} must be an integer, got '${text}'`);
  return n;
}

/** `--mutation-share`: `auto`, or a number from 0 to 1. */
function share(text: string): MutationShare {
  if (text === 'auto') return text;
  const n = Number(text);
  if (text.trim() === '' || !(n >= 0 && n <= 1))
    throw new Error(`--mutation-share must be 'auto' or a number from 0 to 1, got '${text}'`);
  return n;
}

/** A flag whose value is a whole number given as text. */
function intFlag(flag: string, read: (f: RunFlags) => string | undefined): RunFlag {
  return { flag, value: (f) => int(flag, read(f)) };
}

/**
 * The flags of the run settings of a campaign (its generator settings have theirs in
 * {@link generatorFlagNames}).
 */
const runSettingFlags: { readonly [K in keyof CampaignRunSettings]?: RunFlag } = {
  count: intFlag('--count', (f) => f.count),
  durationMs: { flag: '--duration', value: (f) => f.duration },
  runtimes: {
    flag: '--runtime',
    value: (f) => f.diff ?? (f.runtime === undefined ? undefined : [f.runtime]),
  },
  batchSize: intFlag('--batch-size', (f) => f.batchSize),
  payloadLimit: intFlag('--payload-limit', (f) => f.payloadLimit),
  inFlight: intFlag('--in-flight', (f) => f.inFlight),
  timeoutMs: intFlag('--timeout', (f) => f.timeout),
  workers: intFlag('--workers', (f) => f.workers),
  shrink: { flag: '--no-shrink', value: (f) => f.shrink },
  shrinkAttempts: intFlag('--shrink-attempts', (f) => f.shrinkAttempts),
  shrinkTimeMs: intFlag('--shrink-time', (f) => f.shrinkTime),
  shrinkFindings: intFlag('--shrink-findings', (f) => f.shrinkFindings),
  analyze: { flag: '--analyze', value: (f) => f.analyze },
  guided: {
    flag: '--guided',
    value: (f) =>
      f.guided === undefined
        ? undefined
        : {
            coverage: f.guided,
            corpora: f.corpus ?? [],
            ...guidedDefaults,
            ...(f.mutationShare === undefined ? {} : { mutationShare: share(f.mutationShare) }),
          },
  },
};

/** The flag that sets a campaign option, for errors in the user's words. */
function flagOf(option: string, f: RunFlags): string | undefined {
  if (option === 'runtimes') return f.diff === undefined ? '--runtime' : '--diff';
  return (
    (generatorFlagNames as Record<string, string>)[option] ??
    (runSettingFlags as Record<string, RunFlag | undefined>)[option]?.flag
  );
}

/**
 * The campaign options the flags give (those not given are absent), but the seed, which
 * `run` decides itself and hands to the campaign as it is.
 *
 * @example
 * ```ts
 * const options = campaignOptions(flags); // options.count === 300 for --count 300
 * ```
 */
export function campaignOptions(f: RunFlags): Omit<CampaignOptions, 'seed'> {
  if (f.diff !== undefined && f.diff.length < 2)
    throw new Error('--diff takes two or more runtimes: --diff RUNTIME_A RUNTIME_B [RUNTIME_C…]');
  if (f.diff !== undefined && f.runtime !== undefined)
    throw new Error('give either --runtime or --diff, not both');
  const { seed: _seed, ...settings } = settingsOfFlags(f);
  const run = Object.entries(runSettingFlags).map(([k, e]) => [k, e.value(f)] as const);
  return {
    ...settings,
    ...Object.fromEntries(run.filter(([, v]) => v !== undefined)),
  } as Omit<CampaignOptions, 'seed'>;
}

/**
 * Resolves campaign options, the seed aside, as the campaign would, checked before anything
 * is started or created: an error names the flag.
 *
 * @example
 * ```ts
 * const options = { seed: 7, ...checkCampaignOptions(campaignOptions(flags), flags) };
 * ```
 */
export function checkCampaignOptions(
  options: Omit<CampaignOptions, 'seed'>,
  f: RunFlags,
): Omit<ResolvedCampaignOptions, 'seed'> {
  if (f.corpus !== undefined && f.guided === undefined)
    throw new Error('--corpus seeds a guided campaign: give --guided RUNTIME with it');
  if (f.mutationShare !== undefined && f.guided === undefined)
    throw new Error('--mutation-share is of a guided campaign: give --guided RUNTIME with it');
  if (f.guided !== undefined) {
    try {
      coverageLuau(f.guided);
    } catch (e) {
      throw new Error(`--guided: ${(e as Error).message}`, { cause: e });
    }
    for (const dir of f.corpus ?? [])
      try {
        corpusFolder(dir);
      } catch (e) {
        throw new Error(`--corpus: ${(e as Error).message}`, { cause: e });
      }
  }
  if (f.analyze !== undefined)
    try {
      assertChecker(f.analyze);
    } catch (e) {
      throw new Error(`--${(e as Error).message}`, { cause: e });
    }
  let resolved: Omit<ResolvedCampaignOptions, 'seed'>;
  try {
    resolved = optionsBesideSeed(options);
  } catch (e) {
    if (e instanceof RuntimeSpecError)
      throw new Error(`${flagOf('runtimes', f)}: ${e.message}`, { cause: e });
    if (e instanceof OptionError) throw flagError(e, (option) => flagOf(option, f));
    throw e;
  }
  // The embedded workspace runs the runtimes from this machine; a hosted one, from its own.
  if ((f.url ?? process.env.WORKSPACE_URL ?? '') === '')
    for (const spec of resolved.runtimes) {
      const missing = missingExecutable(spec);
      if (missing !== undefined)
        throw new Error(`${flagOf('runtimes', f)}: ${missing} does not exist (in '${spec}')`);
    }
  return resolved;
}

/** The flags a resume takes: a new count or time budget for the campaign. */
const resumeFlags: readonly string[] = ['--count', '--duration'];

/**
 * The campaign-option flags given on the command line that a resume ignores (the campaign
 * keeps the options it recorded; `--count` and `--duration` change its limits).
 *
 * @example
 * ```ts
 * givenCampaignFlags(command); // ['--level', '--seed']
 * ```
 */
export function givenCampaignFlags(command: Command): string[] {
  const flags = new Set<string>([
    ...Object.values(generatorFlagNames),
    ...Object.values(runSettingFlags).map((e) => e.flag),
    '--diff',
    '--corpus',
    '--mutation-share',
  ]);
  for (const flag of resumeFlags) flags.delete(flag);
  return command.options
    .filter((o) => o.long !== undefined && flags.has(o.long))
    .filter((o) => command.getOptionValueSource(o.attributeName()) === 'cli')
    .map((o) => o.long!);
}
