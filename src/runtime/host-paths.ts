import { statSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
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
