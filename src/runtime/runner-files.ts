import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as protocol from '../../runner/protocol.mjs';
import { packageRoot } from '../package-root.js';

/** One file of the self-contained runner: its path inside the runner directory and content. */
export interface RunnerFile {
  /** Path relative to the runner directory, with `/` separators. */
  readonly path: string;
  /** The file's bytes. */
  readonly content: Buffer;
  /** SHA-256 of the content, hex. */
  readonly sha256: string;
}

/**
 * A runner installed in one project, as the batch runs and the resident runner find it.
 *
 * @example
 * ```ts
 * const runner: InstalledRunner = { projectId: 'p1', dir: '.luau-fuzz/runner', checksum, uploaded: false };
 * ```
 */
export interface InstalledRunner {
  /** The project. */
  readonly projectId: string;
  /** The runner's directory, relative to the project's home. */
  readonly dir: string;
  /** The bundle checksum it was verified against. */
  readonly checksum: string;
  /** True when this call uploaded it; false when an intact copy was already there. */
  readonly uploaded: boolean;
}

/**
 * The command that runs the runner installed in `dir` with `args`, for `project_exec` or a job.
 *
 * @example
 * ```ts
 * await client.exec({ project_id: runner.projectId, ...runnerCommand(runner.dir, readArgs(results, 0, 1000)) });
 * ```
 */
export function runnerCommand(
  dir: string,
  args: readonly string[],
): { command: string; args: string[] } {
  return { command: 'node', args: [`${dir}/${protocol.runnerMain}`, ...args] };
}

/** The runner: its files, and a checksum over all of them that names the version. */
export interface RunnerBundle {
  /** Every file, the manifest last. */
  readonly files: readonly RunnerFile[];
  /** SHA-256 over the manifest: identifies this runner (16 hex digits are used in paths). */
  readonly checksum: string;
}

/**
 * The directory of the runner's own scripts (`runner/`).
 *
 * @example
 * ```ts
 * const main = join(runnerSourceDir, 'main.mjs');
 * ```
 */
export const runnerSourceDir: string = join(packageRoot, 'runner');

/** The runner's scripts: every `.mjs` file of its directory, in name order. */
function driverFiles(): string[] {
  return readdirSync(runnerSourceDir)
    .filter((f) => f.endsWith('.mjs'))
    .sort();
}

/**
 * Defaults shared by luau-fuzz and its runner (`runner/protocol.mjs`): the wall-clock
 * limit per program, the output excerpt and error lengths, the workers, and the largest
 * encoded batch per `project_exec` call.
 *
 * @example
 * ```ts
 * const timeoutMs = options.timeoutMs ?? runnerDefaults.timeoutMs; // 2000
 * ```
 */
export const runnerDefaults = protocol.runnerDefaults;
const luauWebFiles = [
  'package.json',
  'src/index.js',
  'src/lib/Luau.Web.Asyncify.js',
  'src/lib/Luau.Web.JSPI.js',
] as const;

/**
 * Where the `luau-web` package is installed (resolved like the runner resolves it).
 *
 * @example
 * ```ts
 * const pkg = join(luauWebDir(), 'package.json');
 * ```
 */
export function luauWebDir(): string {
  const require = createRequire(join(runnerSourceDir, 'worker.mjs'));
  return dirname(dirname(require.resolve('luau-web')));
}

function file(path: string, content: Buffer): RunnerFile {
  return { path, content, sha256: createHash('sha256').update(content).digest('hex') };
}

let cached: RunnerBundle | undefined;

/**
 * Collects the runner that a campaign installs into a project: the driver scripts of
 * `runner/` and the `luau-web` package files, with `manifest.json` listing every file's
 * SHA-256 (the installed runner checks itself against it: `node main.mjs verify`).
 *
 * @example
 * ```ts
 * const { files, checksum } = runnerBundle();
 * ```
 */
export function runnerBundle(): RunnerBundle {
  if (cached !== undefined) return cached;
  const lw = luauWebDir();
  const files = [
    ...driverFiles().map((f) => file(f, readFileSync(join(runnerSourceDir, f)))),
    ...luauWebFiles.map((f) => file(`node_modules/luau-web/${f}`, readFileSync(join(lw, f)))),
  ];
  const manifest = Buffer.from(
    `${JSON.stringify({ files: Object.fromEntries(files.map((f) => [f.path, f.sha256])) }, null, 2)}\n`,
  );
  const manifestFile = file(protocol.runnerManifest, manifest);
  cached = { files: [...files, manifestFile], checksum: manifestFile.sha256 };
  return cached;
}
