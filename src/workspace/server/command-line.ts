import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { bubblewrapArgs, type BubblewrapSpec } from './bubblewrap.js';
import { resolveExecutable, shellEscape, type SandboxCapabilities } from './sandbox.js';

/** Where the bash script of a bash-mode command is seen by it (bound read-only into the sandbox). */
export const SCRIPT_INSIDE = '/tmp/.luau-fuzz-exec.sh';

/** The program an exec runs, before it is confined. */
export interface Program {
  file: string;
  args: string[];
  /** Bash mode: the script file written for it, removed once the command ended. */
  script?: string | undefined;
}

/** Where and how {@link programOf} finds the program of an exec. */
export interface ProgramContext {
  bash: boolean;
  cwd: string;
  env: Record<string, string>;
  /** Where bash scripts are written (outside every project's home). */
  scriptDir: string;
  /** Bash mode: the script's `ulimit -t`. */
  cpuSeconds: number;
  /** Whether the command runs in the bubblewrap sandbox (which shows it the script at {@link SCRIPT_INSIDE}). */
  sandboxed: boolean;
}

/**
 * The program of an exec: in bash mode, bash on a script holding the command line after a
 * `ulimit -t` as the platform does; else the executable found on the PATH (undefined when
 * there is none).
 *
 * @example
 * ```ts
 * const program = await programOf({ command: 'ls -la', args: [] }, context); // bash on a script
 * ```
 */
export async function programOf(
  p: { command: string; args: readonly string[] },
  c: ProgramContext,
): Promise<Program | undefined> {
  if (c.bash) {
    const line = p.args.length > 0 ? [p.command, ...p.args].map(shellEscape).join(' ') : p.command;
    const script = join(c.scriptDir, `exec-${randomUUID()}.sh`);
    await mkdir(dirname(script), { recursive: true, mode: 0o700 });
    await writeFile(script, `ulimit -t ${c.cpuSeconds}\n${line}\n`, { mode: 0o600 });
    return { file: 'bash', args: [c.sandboxed ? SCRIPT_INSIDE : script], script };
  }
  const file = await resolveExecutable(p.command, c.cwd, c.env.PATH ?? '');
  return file === undefined ? undefined : { file, args: [...p.args] };
}

/** How one command of a project is confined (see {@link confinedArgv}). */
export interface Confinement {
  sandbox: SandboxCapabilities;
  /** RLIMIT_CPU of the command, in seconds. */
  cpuSeconds: number;
  /** Largest file the command may write, in bytes. */
  fsizeBytes: number;
  /** The sandbox, where bubblewrap runs here. */
  bubblewrap: BubblewrapSpec;
  /** Without bubblewrap: whether the command gets its own network namespace (if one can be made). */
  isolate: boolean;
  /** The prefix that puts the command into the project's cgroup (empty without cgroups). */
  cgroup: readonly string[];
}

/**
 * The argv that runs `command` confined: CPU seconds and largest file size via prlimit (or
 * bash's ulimit), in the bubblewrap sandbox or else a network namespace, in the project's
 * cgroup.
 *
 * @example
 * ```ts
 * const argv = confinedArgv(['/usr/bin/node', 'run.mjs'], confinement);
 * spawn(argv[0], argv.slice(1));
 * ```
 */
export function confinedArgv(command: readonly string[], c: Confinement): string[] {
  let argv: string[];
  if (c.sandbox.prlimit) {
    argv = [
      'prlimit',
      `--cpu=${c.cpuSeconds}:${c.cpuSeconds + 1}`,
      `--fsize=${c.fsizeBytes}:${c.fsizeBytes}`,
      '--',
      ...command,
    ];
  } else {
    argv = [
      'bash',
      '-c',
      `ulimit -t ${c.cpuSeconds} -f ${Math.ceil(c.fsizeBytes / 1024)} && exec "$@"`,
      'bash',
      ...command,
    ];
  }
  if (c.sandbox.bubblewrap) argv = [...bubblewrapArgs(c.bubblewrap), ...argv];
  else if (c.isolate && c.sandbox.netnsPrefix !== null) argv = [...c.sandbox.netnsPrefix, ...argv];
  return [...c.cgroup, ...argv];
}

/**
 * The environment of a project's command: a small one, so nothing of the server's (such
 * as its API key) leaks into commands; the server's `node` is on the PATH.
 *
 * @example
 * ```ts
 * commandEnvironment(projectId, realHome).HOME; // realHome
 * ```
 */
export function commandEnvironment(projectId: string, home: string): Record<string, string> {
  const nodeDir = dirname(process.execPath);
  const path = process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin';
  return {
    PATH: path.split(':').includes(nodeDir) ? path : `${nodeDir}:${path}`,
    HOME: home,
    PROJECT_ID: projectId,
    LANG: process.env.LANG ?? 'C.UTF-8',
    TERM: 'dumb',
  };
}
