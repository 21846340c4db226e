import { join } from 'node:path';
import { connectWorkspace } from './connect-workspace.js';
import { existingDirectory, outputDirectory } from './directory-flags.js';
import { errorLine } from './error-line.js';
import { connectOptionsOf, withWorkspaceOptions } from './workspace-options.js';
import { Command, Option } from 'commander';
import cliProgress from 'cli-progress';
import {
  CampaignStore,
  campaignSettingTable,
  formatSummary,
  publishFindings,
  runCampaign,
  unlimitedCount,
} from '../campaign/index.js';
import type {
  CampaignSnapshot,
  CampaignSummary,
  ResolvedCampaignOptions,
} from '../campaign/index.js';
import { addGeneratorFlags } from './generator-options.js';
import {
  campaignOptionsOf,
  givenCampaignFlags,
  resolveRunOptions,
  resumeLimits,
  type RunFlags,
} from './run-flags.js';
import { wholeNumber } from './setting-flags.js';

/**
 * The campaign directory when neither `--out` nor `--resume` is given: `luau-fuzz-runs/<time>`
 * under the current directory, the time in UTC to the second.
 *
 * @example
 * ```ts
 * defaultOut(); // 'luau-fuzz-runs/2026-01-01T00-00-00'
 * ```
 */
export function defaultOut(): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  return join('luau-fuzz-runs', stamp);
}

/** The signals that stop a campaign cleanly. */
const stopSignals: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/** Where a campaign stands, from 0 to 1: by its programs, or by its time budget if further. */
function fraction(s: CampaignSnapshot): number {
  const byCount = s.total === unlimitedCount ? 0 : s.done / s.total;
  const byTime = s.durationSeconds === undefined ? 0 : s.elapsedSeconds / s.durationSeconds;
  return Math.min(1, Math.max(byCount, byTime));
}

/** `12.3s` or `4m05s`. */
function clock(seconds: number): string {
  const s = Math.floor(seconds);
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

function statusLine(s: CampaignSnapshot): Record<string, string | number> {
  const st = s.statuses;
  return {
    done: s.done,
    of: s.total === unlimitedCount ? '' : `/${s.total}`,
    time:
      clock(s.elapsedSeconds) +
      (s.durationSeconds === undefined ? '' : ` of ${clock(s.durationSeconds)}`),
    rate: s.programsPerSecond.toFixed(1),
    ok: st.ok ?? 0,
    cerr: st['compile-error'] ?? 0,
    rerr: st['runtime-error'] ?? 0,
    tout: st.timeout ?? 0,
    crash: st.crash ?? 0,
    findings: s.signatures,
    programs: s.findings,
    phase: s.phase,
    guided:
      s.guided === undefined
        ? ''
        : ` | ${s.guided.counters} counters, corpus ${s.guided.corpus}, ${s.guided.mutants} mutants`,
  };
}

/**
 * The exit status of `luau-fuzz run` when the campaign has findings (unless
 * `--no-fail-on-findings`): CI jobs fail on it, and tell it from an error (1).
 *
 * @example
 * ```ts
 * if (code === findingsExitCode) console.log('the campaign found something');
 * ```
 */
export const findingsExitCode = 3;

/**
 * `luau-fuzz run`: a fuzzing campaign. Generates programs, runs them in workspace projects
 * through `project_exec` (the embedded workspace when none is given), shrinks and saves the
 * findings, prints a summary and writes `report.html`. Exits with {@link findingsExitCode}
 * when there are findings (`--no-fail-on-findings`: 0), 130 when stopped.
 *
 * @example
 * ```sh
 * luau-fuzz run --count 300
 * luau-fuzz run --resume luau-fuzz-runs/2026-01-01T00-00-00
 * luau-fuzz run --url https://workspace.example --project-title fuzz --diff luau-web luau-cli:-O2
 * luau-fuzz run --profile luau --diff luau-cli:-O0 luau-cli:-O2 luau-cli:-O2:--codegen
 * ```
 */
export function runCommand(): Command {
  const head = addGeneratorFlags(
    new Command('run').description(
      'run a fuzzing campaign in workspace projects (the embedded workspace when none is given)',
    ),
    'run',
    campaignSettingTable,
  )
    .option('--out <dir>', 'campaign directory (default luau-fuzz-runs/<time>)')
    .option(
      '--resume <dir>',
      'continue the campaign in <dir> with its own options (a --grammar other than its own is refused)',
    )
    .option(
      '--rederive',
      'with --resume, a campaign recorded by another generator version: draw the programs not run yet with this one (findings keep their recorded trees)',
    )
    .addOption(
      new Option('--projects <n>', 'projects of the embedded workspace (default 1)').argParser(
        wholeNumber('--projects', 1),
      ),
    );
  return withWorkspaceOptions(head)
    .option('--json', 'print the summary as JSON')
    .option('--publish', 'share the findings directory through public_paths')
    .option('--no-progress', 'no live progress line')
    .option(
      '--no-fail-on-findings',
      `exit 0 even when the campaign has findings (default: exit ${findingsExitCode}, so CI fails)`,
    )
    .addHelpText(
      'after',
      `\nExit status: 0 no findings, 1 error, ${findingsExitCode} findings (0 with --no-fail-on-findings), 130 stopped (continue with --resume).`,
    )
    .action(runAction);
}

/** What `luau-fuzz run` does with its flags. */
async function runAction(flags: RunFlags, command: Command): Promise<void> {
  const started = performance.now();
  if (flags.resume !== undefined && flags.out !== undefined)
    throw new Error('give either --out or --resume, not both');
  if (flags.rederive === true && flags.resume === undefined)
    throw new Error('--rederive goes with --resume DIR');
  const dir = flags.resume ?? flags.out ?? defaultOut();
  const { options, runtimes } = campaignToRun(flags, command, dir);
  const ws = await connectWorkspace({
    command: 'run',
    ...connectOptionsOf(flags),
    ...(flags.projects === undefined ? {} : { embeddedProjects: flags.projects }),
    runtimes,
  });
  const startSeconds = (performance.now() - started) / 1000;
  if (flags.json !== true) for (const notice of ws.notices) process.stderr.write(errorLine(notice));
  const controller = new AbortController();
  const removeStopHandlers = stopOnSignals(controller);
  const progress = progressReporter(flags);
  try {
    if (!flags.json) {
      process.stderr.write(
        `luau-fuzz run: ${flags.resume === undefined ? 'campaign' : 'resuming campaign'} in ${dir}, ` +
          `${ws.embedded ? 'embedded workspace' : ws.baseUrl}, ${ws.target.projectIds.length} project(s)\n`,
      );
    }
    const summary = await runCampaign({
      dir,
      ...(options === undefined ? { resume: true, ...resumeLimits(command, flags) } : { options }),
      target: ws.target,
      signal: controller.signal,
      onProgress: progress.update,
    });
    progress.stop();
    let published: string | undefined;
    if (flags.publish === true)
      published = await publishFindings(ws.target.client, ws.target.projectIds[0]!, dir);
    printRunSummary(summary, flags.json === true, ws, published, {
      startSeconds,
      wallSeconds: (performance.now() - started) / 1000,
    });
    if (summary.stopped) process.exitCode = 130;
    else if (flags.failOnFindings && Object.keys(summary.findingKinds).length > 0)
      process.exitCode = findingsExitCode;
  } finally {
    progress.stop();
    removeStopHandlers();
    await ws.close();
  }
}

/**
 * What the campaign runs with, checked before a workspace is started: a new campaign's
 * options, or the runtimes of the campaign to resume (its grammar too).
 */
function campaignToRun(
  flags: RunFlags,
  command: Command,
  dir: string,
): { options: ResolvedCampaignOptions | undefined; runtimes: readonly string[] } {
  const given = campaignOptionsOf(command);
  // Checked before a workspace is started: options, or the campaign to resume (its
  // grammar too). A new campaign's options are resolved here once, its seed included,
  // and go from here to the campaign and on to the generator as they are.
  let runtimes: readonly string[];
  let options: ResolvedCampaignOptions | undefined;
  if (flags.resume === undefined) {
    options = resolveRunOptions(given, command, flags);
    outputDirectory('--out', dir, { create: false });
    runtimes = given.runtimes ?? [];
  } else {
    existingDirectory('--resume', dir);
    runtimes = CampaignStore.inspect(dir, resumeLimits(command, flags)).runtimes;
  }
  const ignored = givenCampaignFlags(command);
  if (flags.resume !== undefined && ignored.length > 0) {
    process.stderr.write(
      `luau-fuzz run: resuming with the options saved in ${join(dir, 'options.json')}; ignored here: ${ignored.join(', ')}\n`,
    );
  }
  return { options, runtimes };
}

/**
 * SIGINT (Ctrl-C) and SIGTERM stop a campaign alike (every finding so far is saved already);
 * a second one quits at once. Gives back what removes the handlers.
 */
function stopOnSignals(controller: AbortController): () => void {
  const onSecondInt = (): void => process.exit(130);
  const onStop = (signal: NodeJS.Signals): void => {
    process.stderr.write(
      `\nluau-fuzz run: stopping on ${signal} (batches in flight finish; again to quit at once)\n`,
    );
    controller.abort();
    for (const s of stopSignals) process.once(s, onSecondInt);
  };
  for (const s of stopSignals) process.once(s, onStop);
  return () => {
    for (const s of stopSignals) {
      process.removeListener(s, onStop);
      process.removeListener(s, onSecondInt);
    }
  };
}

/**
 * The campaign's progress: a live bar on a terminal, a plain line every 5 seconds elsewhere
 * (CI logs), nothing with `--json` or `--no-progress`.
 */
function progressReporter(flags: RunFlags): {
  update: (s: CampaignSnapshot) => void;
  stop: () => void;
} {
  const showProgress = flags.progress && flags.json !== true && process.stderr.isTTY === true;
  const bar = new cliProgress.SingleBar(
    {
      format:
        '{bar} {done}{of} programs | {time} | {rate} programs/s | ok {ok} compile-err {cerr} runtime-err {rerr} timeout {tout} crash {crash} | findings {findings} ({programs} programs){guided} | {phase}',
      stream: process.stderr,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let barStarted = false;
  let lastLine = Date.now();
  return {
    update(s) {
      if (!showProgress) {
        if (flags.progress && flags.json !== true && Date.now() - lastLine >= 5000) {
          lastLine = Date.now();
          const line = statusLine(s);
          process.stderr.write(
            `${s.phase}: ${s.done}${line.of} programs, ${line.time}, ${s.programsPerSecond.toFixed(1)} programs/s, ${s.signatures} findings (${s.findings} programs)` +
              `${line.guided}\n`,
          );
        }
        return;
      }
      if (!barStarted) {
        bar.start(1000, 0, statusLine(s));
        barStarted = true;
      }
      bar.update(Math.round(fraction(s) * 1000), statusLine(s));
    },
    stop() {
      if (barStarted) bar.stop();
      barStarted = false;
    },
  };
}

/** The campaign's summary on stdout: JSON, or the text summary with the wall clock. */
function printRunSummary(
  summary: CampaignSummary,
  json: boolean,
  ws: { embedded: boolean; target: { projectIds: readonly string[] } },
  published: string | undefined,
  timing: { startSeconds: number; wallSeconds: number },
): void {
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ ...summary, ...timing, ...(published === undefined ? {} : { published }) }, null, 2)}\n`,
    );
    return;
  }
  process.stdout.write(formatSummary(summary));
  process.stdout.write(
    `Wall clock: ${timing.wallSeconds.toFixed(1)} s, of which ${timing.startSeconds.toFixed(1)} s to start ` +
      `${ws.embedded ? 'the embedded workspace' : 'the projects'}\n`,
  );
  if (published !== undefined)
    process.stdout.write(`Published: ${published} in project ${ws.target.projectIds[0]}\n`);
}
