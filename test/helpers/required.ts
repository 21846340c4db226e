import { spawnSync } from 'node:child_process';

/**
 * Whether the tests run under CI (`CI` set to anything but `''`, `0` or `false`), where every
 * tool that `.ci/run` installs, and `../shared/tools`, must be there.
 */
export const underCi: boolean = isCi(process.env);

/**
 * Whether `env` says CI: `CI` set to anything but `''`, `0` or `false`.
 *
 * @example
 * ```ts
 * isCi({ CI: 'true' }); // true
 * ```
 */
export function isCi(env: Readonly<Record<string, string | undefined>>): boolean {
  return !['', '0', 'false'].includes((env['CI'] ?? '').toLowerCase());
}

/**
 * Whether a capability the tests need is present. Outside CI a missing one skips the tests
 * that need it; under CI it is a failure that names it, since `.ci/run` installs it.
 *
 * @example
 * ```ts
 * describe.runIf(required('chromium on the PATH', chromium !== undefined))('…', () => {});
 * ```
 */
export function required(what: string, present: boolean, ci: boolean = underCi): boolean {
  if (!present && ci)
    throw new Error(
      `${what} is missing: under CI it is required, not skipped (.ci/run sets it up)`,
    );
  return present;
}

/**
 * The absolute path of an executable found on the PATH, or undefined.
 *
 * @example
 * ```ts
 * const chromium = onPath('chromium'); // '/usr/bin/chromium'
 * ```
 */
export function onPath(name: string): string | undefined {
  const found = spawnSync('sh', ['-c', `command -v "$1"`, 'sh', name], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path.startsWith('/') ? path : undefined;
}
