import { spawnSync } from 'node:child_process';
import { constants } from 'node:fs';
import { access, realpath, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ApiError } from './api-error.js';

/** What this machine lets the exec sandbox do, probed once per server. */
export interface SandboxCapabilities {
  /**
   * Whether bubblewrap (`bwrap`) runs commands here in their own mount, PID and IPC
   * namespaces (the project isolation); without it commands run as the server's user with
   * the server's view of the file system.
   */
  bubblewrap: boolean;
  /** Whether `bwrap --unshare-net` works (network isolation inside the sandbox). */
  bubblewrapNetwork: boolean;
  /** Command prefix that runs a program without network (`unshare -n`), or null. */
  netnsPrefix: readonly string[] | null;
  /** Whether `prlimit` can set resource limits on the command it runs. */
  prlimit: boolean;
}

function runs(argv: readonly string[]): boolean {
  const r = spawnSync(argv[0] as string, argv.slice(1), { stdio: 'ignore', timeout: 5000 });
  return r.status === 0;
}

/**
 * Probes the machine: bubblewrap with and without a network namespace, a network namespace
 * through `unshare -n` (needs CAP_SYS_ADMIN, so root) or `unshare -rn` (an unprivileged user
 * namespace), and `prlimit`. `mode: 'none'` leaves bubblewrap out (the fallback path).
 *
 * @example
 * ```ts
 * const caps = probeSandbox();
 * if (!caps.bubblewrap) console.warn('projects are not isolated from each other');
 * ```
 */
export function probeSandbox(mode: 'auto' | 'none' = 'auto'): SandboxCapabilities {
  const base = ['bwrap', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  const tail = ['--unshare-pid', '--die-with-parent', '--cap-drop', 'ALL', '--', 'true'];
  const bubblewrap = mode === 'auto' && runs([...base, ...tail]);
  const bubblewrapNetwork = bubblewrap && runs([...base, '--unshare-net', ...tail]);
  let netnsPrefix: string[] | null = null;
  for (const prefix of [
    ['unshare', '-n'],
    ['unshare', '-rn'],
  ]) {
    if (runs([...prefix, 'true'])) {
      netnsPrefix = prefix;
      break;
    }
  }
  const prlimit = runs(['prlimit', '--cpu=5:5', '--', 'true']);
  return { bubblewrap, bubblewrapNetwork, netnsPrefix, prlimit };
}

/** Whether commands of projects without the network upgrade can be cut off the network. */
export function canIsolateNetwork(caps: SandboxCapabilities): boolean {
  return caps.bubblewrap ? caps.bubblewrapNetwork : caps.netnsPrefix !== null;
}

/**
 * Resolves `path` (relative to `home`) to a real directory inside `home`. Absolute paths,
 * `..` that leaves the home and symbolic links that point out of it are refused.
 *
 * @example
 * ```ts
 * const cwd = await confinePath('/data/projects/p/home', 'src/build');
 * ```
 */
export async function confinePath(home: string, path: string): Promise<string> {
  if (isAbsolute(path)) {
    throw new ApiError(`path '${path}' must be relative to the project's home directory`);
  }
  const realHome = await realpath(home);
  const outside = (p: string) => {
    const rel = relative(realHome, p);
    return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
  };
  if (outside(resolve(realHome, path))) {
    throw new ApiError(`path '${path}' is outside the project's home directory`);
  }
  let real: string;
  try {
    real = await realpath(join(realHome, path));
  } catch {
    throw new ApiError(`path '${path}' does not exist in the project`);
  }
  if (outside(real)) throw new ApiError(`path '${path}' is outside the project's home directory`);
  if (!(await stat(real)).isDirectory()) {
    throw new ApiError(`path '${path}' is not a directory`);
  }
  return real;
}

/**
 * Finds the executable a command names: a name with a `/` relative to `cwd`, otherwise the
 * first executable file of that name on `PATH`. Undefined when there is none.
 */
export async function resolveExecutable(
  command: string,
  cwd: string,
  pathVar: string,
): Promise<string | undefined> {
  const candidates = command.includes('/')
    ? [resolve(cwd, command)]
    : pathVar
        .split(delimiter)
        .filter((d) => d !== '')
        .map((d) => join(resolve(cwd, d), command));
  for (const c of candidates) {
    try {
      await access(c, constants.X_OK);
      if ((await stat(c)).isFile()) return c;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/**
 * Quotes a word for bash when it holds anything but safe characters. `=` is not safe: an
 * unquoted `X=1` as the first word is an assignment, not a command.
 *
 * @example
 * ```ts
 * shellEscape('X=1'); // "'X=1'"
 * ```
 */
export function shellEscape(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_/.,:+@%^-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
