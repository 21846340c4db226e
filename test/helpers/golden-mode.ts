/**
 * Whether golden files are to be rewritten: `UPDATE_GOLDEN=1`, refused when `CI` is set,
 * where a rewrite would compare the output with itself and always pass.
 *
 * @example
 * ```ts
 * const update = goldenUpdate(process.env);
 * ```
 */
export function goldenUpdate(env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.UPDATE_GOLDEN !== '1') return false;
  if (env.CI !== undefined && env.CI !== '' && env.CI !== 'false') {
    throw new Error(
      'UPDATE_GOLDEN=1 is refused under CI: regenerate goldens locally and commit them',
    );
  }
  return true;
}
