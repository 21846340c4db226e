import type { Command } from 'commander';
import { OptionError, type SettingTable } from '../arbitrary/index.js';
import {
  assertChecker,
  campaignSettingTable,
  resolveCampaignOptions,
  type CampaignOptions,
  type ResolvedCampaignOptions,
  type ResumeOptions,
} from '../campaign/index.js';
import { corpusFolder } from '../campaign/guided/index.js';
import { coverageLuau } from '../coverage/index.js';
import { missingExecutable, RuntimeSpecError } from '../runtime/index.js';
import { flagError, flagName, givenFlags, givenSettings, settingOptions } from './setting-flags.js';
import type { WorkspaceFlags } from './workspace-options.js';

/**
 * The flags of `luau-fuzz run` besides its campaign's settings (which
 * {@link campaignOptionsOf} reads by `campaignSettingTable`), as commander parses them.
 *
 * @example
 * ```ts
 * if ((flags as RunFlags).resume !== undefined) resumeLimits(command);
 * ```
 */
export interface RunFlags extends WorkspaceFlags {
  out?: string;
  resume?: string;
  rederive?: boolean;
  projects?: number;
  json?: boolean;
  publish?: boolean;
  failOnFindings: boolean;
  progress: boolean;
}

/**
 * Adds a campaign's settings to `run`, one option per row of `campaignSettingTable` (and
 * `--diff`, `--corpus`, `--mutation-share` of the runtimes and the guided settings).
 *
 * @example
 * ```ts
 * addCampaignFlags(new Command('run')).action((flags, command) => campaignOptionsOf(command));
 * ```
 */
export function addCampaignFlags(command: Command): Command {
  for (const option of settingOptions(campaignSettingTable)) command.addOption(option);
  return command;
}

/** The flag that sets a campaign option, for errors in the user's words. */
function flagOf(option: string, command: Command): string | undefined {
  if (option === 'runtimes' && command.getOptionValueSource('diff') === 'cli') return '--diff';
  const setting = (campaignSettingTable as SettingTable)[option];
  return setting === undefined ? undefined : flagName(setting);
}

/**
 * The campaign options the command line gives (those not given are absent), checked for
 * flags that go together.
 *
 * @example
 * ```ts
 * const given = campaignOptionsOf(command); // given.count === 300 for --count 300
 * ```
 */
export function campaignOptionsOf(command: Command): CampaignOptions {
  const f = command.opts<{
    diff?: string[];
    runtime?: string;
    guided?: string;
    corpus?: string[];
    mutationShare?: unknown;
  }>();
  if (f.diff !== undefined && f.diff.length < 2)
    throw new Error('--diff takes two or more runtimes: --diff RUNTIME_A RUNTIME_B [RUNTIME_C…]');
  if (f.diff !== undefined && f.runtime !== undefined)
    throw new Error('give either --runtime or --diff, not both');
  if (f.corpus !== undefined && f.guided === undefined)
    throw new Error('--corpus seeds a guided campaign: give --guided RUNTIME with it');
  if (f.mutationShare !== undefined && f.guided === undefined)
    throw new Error('--mutation-share is of a guided campaign: give --guided RUNTIME with it');
  return givenSettings(command, campaignSettingTable);
}

/**
 * Resolves the options of a new campaign, its seed included (the one place it is decided:
 * `--seed`, or random), checked before anything is started or created: an error names the
 * flag. The files the options name (coverage build, corpora, checker, runtimes run from this
 * machine) must exist.
 *
 * @example
 * ```ts
 * const options = resolveRunOptions(campaignOptionsOf(command), command, flags);
 * ```
 */
export function resolveRunOptions(
  given: CampaignOptions,
  command: Command,
  f: RunFlags,
): ResolvedCampaignOptions {
  const named = (flag: string, action: () => unknown): void => {
    try {
      action();
    } catch (e) {
      throw new Error(`${flag}: ${(e as Error).message}`, { cause: e });
    }
  };
  if (given.guided !== undefined) {
    named('--guided', () => coverageLuau(given.guided!.coverage));
    for (const dir of given.guided.corpora) named('--corpus', () => corpusFolder(dir));
  }
  if (given.analyze !== undefined)
    try {
      assertChecker(given.analyze);
    } catch (e) {
      throw new Error(`--${(e as Error).message}`, { cause: e });
    }
  let resolved: ResolvedCampaignOptions;
  try {
    resolved = resolveCampaignOptions(given);
  } catch (e) {
    if (e instanceof RuntimeSpecError)
      throw new Error(`${flagOf('runtimes', command)}: ${e.message}`, { cause: e });
    if (e instanceof OptionError) throw flagError(e, (option) => flagOf(option, command));
    throw e;
  }
  // The embedded workspace runs the runtimes from this machine; a hosted one, from its own.
  if ((f.url ?? process.env.WORKSPACE_URL ?? '') === '')
    for (const spec of resolved.runtimes) {
      const missing = missingExecutable(spec);
      if (missing !== undefined)
        throw new Error(`${flagOf('runtimes', command)}: ${missing} does not exist (in '${spec}')`);
    }
  return resolved;
}

/**
 * What `--resume` takes of the command line: a new count or time budget, `--rederive`, and
 * the grammar the campaign must be recorded in (`--grammar`).
 *
 * @example
 * ```ts
 * CampaignStore.inspect(dir, resumeLimits(command, flags));
 * ```
 */
export function resumeLimits(command: Command, flags: RunFlags): ResumeOptions {
  const { count, durationMs, grammar } = campaignOptionsOf(command);
  return {
    rederive: flags.rederive === true,
    ...(count === undefined ? {} : { count }),
    ...(durationMs === undefined ? {} : { durationMs }),
    ...(grammar === undefined ? {} : { grammar }),
  };
}

/** The flags a resume takes: a new count or time budget, and the grammar it checks. */
const resumeFlags: readonly string[] = ['--count', '--duration', '--grammar'];

/**
 * The campaign-option flags given on the command line that a resume ignores (the campaign
 * keeps the options it recorded; `--count` and `--duration` change its limits, `--grammar`
 * must be the recorded one).
 *
 * @example
 * ```ts
 * givenCampaignFlags(command); // ['--level', '--seed']
 * ```
 */
export function givenCampaignFlags(command: Command): string[] {
  return givenFlags(command, campaignSettingTable).filter((flag) => !resumeFlags.includes(flag));
}
