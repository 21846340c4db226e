import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parseRuntime } from './profile.js';

/**
 * The directory of a path (itself when it is one), or the file alone when that directory is `/`
 * or a top-level one such as `/tmp`, which would show far more than the runtime.
 */
function directoryOf(path: string): string {
  const dir =
    statSync(path, { throwIfNoEntry: false })?.isDirectory() === true ? path : dirname(path);
  return dir.split('/').filter((part) => part !== '').length < 2 ? path : dir;
}

/**
 * The host directories a set of runtime specs needs to see from inside a project: the
 * directory of a `luau-cli:path=EXE`, and of every absolute path in a `command:` template (its
 * executable and, say, the script it runs). An embedded workspace shows them read-only to its
 * sandboxed commands, so a runtime under `/tmp` (hidden behind the sandbox's private `/tmp`)
 * runs there as it does elsewhere. Relative paths live in the project and are not listed.
 *
 * @example
 * ```ts
 * runtimeHostPaths(['luau-cli:-O2:path=/tmp/build/luau', 'luau-web']); // ['/tmp/build']
 * ```
 */
export function runtimeHostPaths(specs: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const spec of specs) {
    const profile = parseRuntime(spec);
    const words =
      profile.kind === 'luau-cli'
        ? [profile.executable]
        : profile.kind === 'command'
          ? profile.template.split(/\s+/).map((w) => w.replace(/^['"]|['"]$/g, ''))
          : [];
    for (const word of words) if (isAbsolute(word) && word !== '/') paths.add(directoryOf(word));
  }
  return [...paths];
}

/**
 * The executable a runtime spec names by a path that does not exist, or undefined: a
 * `luau-cli:path=EXE`'s, or the first word of a `command:` template, when it is a path (it
 * holds a `/`; a bare name is looked up on the PATH where it runs). A relative path is read
 * from `base` when given; without `base` (where relative paths are the project's, not this
 * machine's) only absolute paths are checked.
 *
 * @example
 * ```ts
 * missingExecutable('luau-cli:-O2:path=/nope/luau'); // '/nope/luau'
 * missingExecutable('luau-cli:-O2'); // undefined: `luau` on the PATH
 * ```
 */
export function missingExecutable(spec: string, base?: string): string | undefined {
  const profile = parseRuntime(spec);
  const path =
    profile.kind === 'luau-cli'
      ? profile.executable
      : profile.kind === 'command'
        ? profile.template.split(/\s+/)[0]!.replace(/^['"]|['"]$/g, '')
        : '';
  if (!path.includes('/') || (!isAbsolute(path) && base === undefined)) return undefined;
  return existsSync(resolve(base ?? '/', path)) ? undefined : path;
}
