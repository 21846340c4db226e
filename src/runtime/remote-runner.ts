import { gzipSync } from 'node:zlib';
import {
  batchFiles,
  encodeBatch as encodeJobs,
  readArgs,
  residentGoneExit,
  runCommandArgs,
  runnerDefaults,
  submitScript,
  verifyArgs,
} from '../../runner/protocol.mjs';
import type { WorkspaceClient } from '../workspace/client/index.js';
import type { ProgramJob } from './luau-web-pool.js';
import { parseOutcomeLines } from './outcome.js';
import type { ProgramOutcome } from './outcome.js';
import { runnerRuntimeOptions } from './profile.js';
import type { RuntimeProfile } from './profile.js';
import { runnerBundle, runnerCommand, type InstalledRunner } from './runner-files.js';
import { ResidentRunnerGoneError, type ResidentRunner } from './resident-runner.js';

/**
 * The runner could not be installed into a project (or failed its checksum afterwards).
 *
 * @example
 * ```ts
 * try { await installRunner(client, id); } catch (e) { if (e instanceof RunnerInstallError) skipProject(id); }
 * ```
 */
export class RunnerInstallError extends Error {
  override readonly name = 'RunnerInstallError';
}

/**
 * The runner failed while running a batch (not a program: programs fail as outcomes).
 *
 * @example
 * ```ts
 * try { await runRemoteBatch(client, runner, jobs, opts); } catch (e) { if (e instanceof RunnerBatchError) requeue(jobs); }
 * ```
 */
export class RunnerBatchError extends Error {
  override readonly name = 'RunnerBatchError';
  /** The runner's exit code. */
  readonly exitCode: number;

  constructor(message: string, exitCode: number) {
    super(message);
    this.exitCode = exitCode;
  }
}

/** Options of {@link installRunner}. */
export interface InstallRunnerOptions {
  /** Directory under the project's home for everything luau-fuzz writes. Default `.luau-fuzz`. */
  readonly baseDir?: string;
  /** Largest payload (characters of arguments) per `project_exec` call, at most the client's {@link WorkspaceClient.payloadLimit} (the default). */
  readonly payloadLimit?: number;
}

/** Longest single argument: Linux refuses one argv string over 128 KiB. */
const ARG_CHUNK = 100_000;

/** Appends base64 parts to a file, or (`finish`) decompresses the gzip file into place. */
const PUT_SCRIPT = `const fs = require('fs'), path = require('path'), zlib = require('zlib');
const [mode, file, ...parts] = process.argv.slice(1);
fs.mkdirSync(path.dirname(file), { recursive: true });
if (mode === 'start' || mode === 'append') {
  const bytes = Buffer.from(parts.join(''), 'base64');
  if (mode === 'start') fs.writeFileSync(file + '.gz', bytes); else fs.appendFileSync(file + '.gz', bytes);
} else if (mode === 'finish') {
  fs.writeFileSync(file, zlib.gunzipSync(fs.readFileSync(file + '.gz')));
  fs.rmSync(file + '.gz');
} else { process.exit(2); }`;

/**
 * Appends its arguments to a file (`new` empties it first): a batch larger than one request
 * is uploaded in parts by `sh`, which starts in a few milliseconds, so that one run of the
 * runner (whose VM takes seconds of CPU to warm up) covers many requests' worth of programs.
 */
const APPEND_SCRIPT =
  'm=$1 f=$2; shift 2; mkdir -p "$(dirname "$f")" && if [ "$m" = new ]; then : > "$f"; fi && printf %s "$@" >> "$f"';

/**
 * Splits text into parts of at most `size` characters.
 *
 * @example
 * ```ts
 * chunkText('abcdef', 4); // ['abcd', 'ef']
 * ```
 */
export function chunkText(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts.length === 0 ? [''] : parts;
}

/**
 * Writes a file into a project through `project_exec` only (gzip + base64 in calls of at
 * most `payloadLimit` characters, decompressed in place by the project's `node`).
 *
 * @example
 * ```ts
 * await uploadFile(client, projectId, 'reports/index.html', Buffer.from(html));
 * ```
 */
export async function uploadFile(
  client: WorkspaceClient,
  projectId: string,
  path: string,
  content: Uint8Array,
  payloadLimit?: number,
): Promise<void> {
  // A given limit is a most: never more than the server's body limit takes.
  const fits = await client.payloadLimit();
  const limit = Math.min(payloadLimit ?? fits, fits);
  const parts = chunkText(gzipSync(content, { level: 9 }).toString('base64'), limit);
  for (const [i, part] of parts.entries()) {
    await client.exec({
      project_id: projectId,
      command: 'node',
      args: ['-e', PUT_SCRIPT, i === 0 ? 'start' : 'append', path, ...chunkText(part, ARG_CHUNK)],
      timeout: 60,
      max_output: 10_000,
    });
  }
  await client.exec({
    project_id: projectId,
    command: 'node',
    args: ['-e', PUT_SCRIPT, 'finish', path],
    timeout: 60,
    max_output: 10_000,
  });
}

/**
 * Makes sure the self-contained runner (driver scripts + luau-web) is installed in a project:
 * checks an existing copy with `node main.mjs verify CHECKSUM`, and otherwise uploads every
 * file (gzip + base64, in `project_exec` calls under the body cap) and verifies again.
 *
 * @throws {@link RunnerInstallError} when the uploaded copy does not verify.
 * @example
 * ```ts
 * const runner = await installRunner(client, projectId);
 * ```
 */
export async function installRunner(
  client: WorkspaceClient,
  projectId: string,
  options: InstallRunnerOptions = {},
): Promise<InstalledRunner> {
  const bundle = runnerBundle();
  const dir = `${options.baseDir ?? '.luau-fuzz'}/runner/${bundle.checksum.slice(0, 16)}`;
  const fits = await client.payloadLimit();
  const limit = Math.min(options.payloadLimit ?? fits, fits);
  const verify = async (): Promise<{ ok: boolean; text: string }> => {
    const r = await client.exec({
      project_id: projectId,
      ...runnerCommand(dir, verifyArgs(bundle.checksum)),
      err_on_exit: false,
      timeout: 60,
      max_output: 20_000,
    });
    return { ok: r.exit_code === 0, text: `${r.stdout}${r.stderr}`.trim() };
  };
  if ((await verify()).ok) return { projectId, dir, checksum: bundle.checksum, uploaded: false };
  for (const file of bundle.files) {
    await uploadFile(client, projectId, `${dir}/${file.path}`, file.content, limit);
  }
  const after = await verify();
  if (!after.ok)
    throw new RunnerInstallError(
      `the runner in project ${projectId} does not verify: ${after.text.slice(0, 500)}`,
    );
  return { projectId, dir, checksum: bundle.checksum, uploaded: true };
}

/** Options of {@link runRemoteBatch}. */
export interface RemoteBatchOptions {
  /** The runtime profile. */
  readonly profile: RuntimeProfile;
  /** The batch's name (a file name: letters, digits, `-`, `_`, `.`). */
  readonly name: string;
  /** Directory (relative to the home) for batch files. Default `.luau-fuzz/batches`. */
  readonly batchDir?: string;
  /** Wall-clock limit per program, in ms. Default: `runnerDefaults.timeoutMs` (2000). */
  readonly timeoutMs?: number;
  /** Programs the runner runs in parallel. Default: `runnerDefaults.workers` (1). */
  readonly workers?: number;
  /** Characters of output kept per outcome. Default: `runnerDefaults.excerptChars` (512). */
  readonly excerptChars?: number;
  /**
   * `max_output` of the exec: results past it are read back in parts. Default: room for every
   * outcome line (its excerpt and 512 characters more), at least 200 000 and at most 4 000 000.
   */
  readonly maxOutput?: number;
  /**
   * A resident runner of the project ({@link startResidentRunner}) to hand the batch to, rather
   * than starting the runner for this batch alone. Default: none.
   */
  readonly resident?: ResidentRunner;
}

/**
 * The encoded form of a batch: what {@link runRemoteBatch} sends.
 *
 * @example
 * ```ts
 * const payload = encodeBatch([{ id: '1', program: 'print(1)' }]); // gzip + base64
 * ```
 */
export function encodeBatch(jobs: readonly ProgramJob[]): string {
  // A campaign encodes a batch to size it, then again per runtime to send it: once is enough.
  let data = encoded.get(jobs);
  if (data !== undefined) return data;
  data = encodeJobs(jobs);
  encoded.set(jobs, data);
  return data;
}

/** Encoded batches by their job list (jobs are not changed once batched). */
const encoded = new WeakMap<readonly ProgramJob[], string>();

/**
 * Runs a batch of programs in a project with an installed runner, in one `project_exec`
 * call: the batch travels inline (gzip + base64), or, when it is larger than one request
 * takes, is uploaded first in parts (`sh` appending to a file, one call per part), and is
 * written under the batch directory;
 * the outcomes come back as JSON lines. When the output was cut at `maxOutput`, the rest is
 * read back from the runner's result file in parts. Resolves to the outcomes of the programs
 * that finished (a program whose outcome is missing was not run: re-queue it).
 *
 * @throws {@link RunnerBatchError} when the runner itself failed (nonzero exit).
 *
 * @example
 * ```ts
 * const outcomes = await runRemoteBatch(client, runner, jobs, { profile: parseRuntime('luau-web'), name: 'b1' });
 * ```
 */
export async function runRemoteBatch(
  client: WorkspaceClient,
  runner: InstalledRunner,
  jobs: readonly ProgramJob[],
  options: RemoteBatchOptions,
): Promise<ProgramOutcome[]> {
  const files = batchFiles(options.batchDir ?? '.luau-fuzz/batches', options.name);
  const timeoutMs = options.timeoutMs ?? runnerDefaults.timeoutMs;
  const workers = options.workers ?? runnerDefaults.workers;
  const excerptChars = options.excerptChars ?? runnerDefaults.excerptChars;
  const batch = await sendBatch(client, runner, jobs, files.upload);
  // Reading back a cut output costs an exec per part: the output of a batch fits in one reply.
  const maxOutput =
    options.maxOutput ?? Math.min(4_000_000, Math.max(200_000, jobs.length * (excerptChars + 512)));
  // Every program may use its whole limit; plus start-up of the runner and its workers.
  const execTimeout = Math.ceil((jobs.length * timeoutMs) / 1000 / workers) + 60;
  const run = runCommandArgs(
    files.batch,
    { ...runnerRuntimeOptions(options.profile), timeoutMs, workers, excerptChars },
    batch,
  );
  const resident = options.resident;
  const r = await client.exec({
    project_id: runner.projectId,
    ...runCommand(runner, run, options.name, resident),
    timeout: execTimeout,
    max_output: maxOutput,
    err_on_exit: false,
  });
  if (resident !== undefined && r.exit_code === residentGoneExit) {
    throw new ResidentRunnerGoneError(
      `no resident runner ran batch ${options.name} in project ${runner.projectId} (${resident.dir})`,
    );
  }
  if (r.exit_code !== 0) {
    // The runner itself failed (it reports failing programs as outcomes and exits 0): the
    // project is in trouble, and the whole batch runs again elsewhere.
    throw new RunnerBatchError(
      `the runner in project ${runner.projectId} exited with code ${r.exit_code}: ${r.stderr.slice(0, 500)}`,
      r.exit_code,
    );
  }
  const text =
    r.stdout.length >= maxOutput
      ? await readCutOutput(client, runner, r.stdout, files.results, maxOutput)
      : r.stdout;
  const wanted = new Set(jobs.map((j) => j.id));
  const seen = new Set<string>();
  const outcomes: ProgramOutcome[] = [];
  for (const o of parseOutcomeLines(text).outcomes) {
    if (!wanted.has(o.id) || seen.has(o.id)) continue;
    seen.add(o.id);
    outcomes.push(o);
  }
  return outcomes;
}

/**
 * The batch's encoded programs as the run takes them: inline, or, when larger than one
 * request takes, uploaded first in parts to `file` (`sh` appending to it, one call per part).
 */
async function sendBatch(
  client: WorkspaceClient,
  runner: InstalledRunner,
  jobs: readonly ProgramJob[],
  file: string,
): Promise<{ data: string[] } | { dataFile: string }> {
  const data = encodeBatch(jobs);
  const fits = await client.payloadLimit();
  if (data.length <= fits) return { data: chunkText(data, ARG_CHUNK) };
  for (const [i, part] of chunkText(data, fits).entries()) {
    await client.exec({
      project_id: runner.projectId,
      command: 'sh',
      args: [
        '-c',
        APPEND_SCRIPT,
        'sh',
        i === 0 ? 'new' : 'add',
        file,
        ...chunkText(part, ARG_CHUNK),
      ],
      timeout: 60,
      max_output: 10_000,
    });
  }
  return { dataFile: file };
}

/**
 * A runner's output cut at `maxOutput`, whole: up to its last complete line, then the rest
 * read back from the runner's result file in parts.
 */
async function readCutOutput(
  client: WorkspaceClient,
  runner: InstalledRunner,
  stdout: string,
  results: string,
  maxOutput: number,
): Promise<string> {
  // Cut: read the result file back from the last complete line on.
  const lastNewline = stdout.lastIndexOf('\n', maxOutput);
  let text = stdout.slice(0, lastNewline + 1);
  let offset = Buffer.byteLength(text);
  for (;;) {
    const part = await client.exec({
      project_id: runner.projectId,
      ...runnerCommand(runner.dir, readArgs(results, offset, Math.floor(maxOutput / 2))),
      max_output: maxOutput,
      timeout: 60,
    });
    if (part.stdout === '') break;
    const end = part.stdout.lastIndexOf('\n');
    if (end < 0) break;
    const complete = part.stdout.slice(0, end + 1);
    text += complete;
    offset += Buffer.byteLength(complete);
  }
  return text;
}

/** The command that runs a batch: the runner for it alone, or the resident runner's submit script. */
function runCommand(
  runner: InstalledRunner,
  run: readonly string[],
  name: string,
  resident: ResidentRunner | undefined,
): { command: string; args: string[] } {
  // The submit script passes the arguments one per line.
  if (resident === undefined || run.some((a) => a.includes('\n')))
    return runnerCommand(runner.dir, run);
  const claim = String(resident.claimSeconds);
  return { command: 'sh', args: ['-c', submitScript, 'sh', resident.dir, name, claim, ...run] };
}
