/** What one sandboxed command sees. */
export interface BubblewrapSpec {
  /** The project's home: the only writable directory (besides a private `/tmp`). */
  home: string;
  /** Working directory inside the home. */
  cwd: string;
  /** Directories covered by an empty tmpfs (the data directory: database, key, other homes). */
  hide: readonly string[];
  /** Whether the command keeps the host's network (the `network` upgrade). */
  network: boolean;
  /** Files bound read-only into the sandbox: `[outside, inside]`. */
  files?: readonly (readonly [string, string])[];
  /**
   * Host paths shown read-only at their own place even where the sandbox covers them (a
   * runtime under `/tmp`); missing ones are skipped. The data directory stays hidden.
   */
  readOnly?: readonly string[];
}

/**
 * The `bwrap` argument prefix that runs a command in a project's sandbox: the system
 * read-only, a fresh `/dev`, `/proc` and private `/tmp`, the data directory hidden, the
 * project's home read-write, all capabilities dropped, its own PID and IPC namespaces (so
 * every process of the command, `setsid` or not, ends with it) and, without the network
 * upgrade, its own network namespace. `--die-with-parent` ends it with the server.
 *
 * @example
 * ```ts
 * const argv = [...bubblewrapArgs({ home, cwd: home, hide: [dataDir], network: false }), 'ls'];
 * ```
 */
export function bubblewrapArgs(spec: BubblewrapSpec): string[] {
  return [
    'bwrap',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    // Before the hidden directories, so that a path above the data directory does not show it.
    ...(spec.readOnly ?? []).flatMap((p) => ['--ro-bind-try', p, p]),
    ...spec.hide.flatMap((d) => ['--tmpfs', d]),
    '--bind',
    spec.home,
    spec.home,
    ...(spec.files ?? []).flatMap(([outside, inside]) => ['--ro-bind', outside, inside]),
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    ...(spec.network ? [] : ['--unshare-net']),
    '--die-with-parent',
    '--cap-drop',
    'ALL',
    '--chdir',
    spec.cwd,
    '--',
  ];
}
