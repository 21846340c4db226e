import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes shell scripts that stand in for a type checker that misbehaves, as real processes:
 * `drop` runs the real `luau-analyze` and drops its "Expected this to be" diagnostics, whole (a
 * checker that misses those errors); `crash` dies of SIGSEGV; `invent` reports an error at
 * line 1 of every file it is given (a false positive); `assert` fails an assertion as an
 * assert build of Luau does (its message, then SIGILL); `flaky` invents that error every
 * other time it runs (a nondeterministic checker). Resolves to their paths.
 *
 * @example
 * ```ts
 * const { drop } = fakeCheckers(dir, luauAnalyze);
 * ```
 */
export function fakeCheckers(
  dir: string,
  luauAnalyze: string,
): Record<'drop' | 'crash' | 'invent' | 'assert' | 'flaky', string> {
  const scripts = {
    drop: [
      `out=$('${luauAnalyze}' "$@" 2>&1)`,
      // A diagnostic with the lines that go on with it (0.735 prints its types on their own).
      `kept=$(printf '%s\\n' "$out" | awk '/\\([0-9]+,[0-9]+\\): / { skip = /Expected this to be/ } !skip')`,
      `printf '%s\\n' "$kept"`,
      `if printf '%s' "$kept" | grep -q 'Error: '; then exit 1; fi`,
    ],
    crash: ['kill -SEGV $$'],
    invent: [
      'for f in "$@"; do case "$f" in *program.luau) echo "$f(1,1): TypeError: invented";; esac; done',
      'exit 1',
    ],
    assert: [
      `echo 'Analysis/src/Unifier.cpp(412): ASSERTION FAILED: !"level mismatch"' >&2`,
      'kill -ILL $$',
    ],
    flaky: [
      `runs='${join(dir, 'flaky-runs')}'`,
      'echo x >> "$runs"',
      'if [ $(($(wc -l < "$runs") % 2)) -eq 0 ]; then exit 0; fi',
      'for f in "$@"; do case "$f" in *program.luau) echo "$f(1,1): TypeError: invented";; esac; done',
      'exit 1',
    ],
  };
  const paths = Object.fromEntries(
    Object.entries(scripts).map(([name, lines]) => {
      const path = join(dir, `${name}.sh`);
      writeFileSync(path, ['#!/bin/sh', ...lines, ''].join('\n'));
      chmodSync(path, 0o755);
      return [name, path];
    }),
  );
  return paths as Record<'drop' | 'crash' | 'invent' | 'assert' | 'flaky', string>;
}
