import type { ProfileName } from '../../options.js';

/**
 * Library functions whose last bits differ between luau-web (WebAssembly libm) and the native
 * Luau CLI (glibc): used only in the `luau` profile, whose programs are compared on one build.
 */
const transcendental = [
  'math.sin',
  'math.cos',
  'math.tan',
  'math.atan2',
  'math.log10',
  'math.sinh',
  'math.cosh',
  'math.tanh',
  'math.exp',
  'math.asin',
  'math.acos',
  'math.atan',
  'math.noise',
];

/**
 * Whether a profile's runtime has library function `name` (`'math.sin'`) with results that
 * agree with the other runtimes the profile is compared with. Probed on luau-web 1.4.0: it has
 * every function of Luau 0.715's `math`, `string`, `table`, `bit32`, `buffer`, `utf8`,
 * `vector` and `coroutine` libraries; only the `integer` library is missing; the transcendental functions
 * differ from native builds in the last digits, so the `luau-web` profile leaves them out.
 *
 * @example
 * ```ts
 * hasLibrary('luau-web', 'math.sin'); // false
 * hasLibrary('luau', 'math.sin'); // true
 * ```
 */
export function hasLibrary(profile: ProfileName, name: string): boolean {
  if (profile === 'luau') return true;
  return !name.startsWith('integer.') && !transcendental.includes(name);
}

/**
 * Whether `^` may take any exponent. luau-web's `pow` differs from glibc's in the last digit for
 * about 1 in 2,000 non-integer exponents, and luau-web computes `x ^ 2` as a product where Luau
 * calls `pow`, which rounds a product that falls halfway between two numbers the other way
 * (`(123456789 / 8) ^ 2`); so the `luau-web` profile raises only to {@link exactExponents}.
 *
 * @example
 * ```ts
 * anyExponent('luau'); // true
 * ```
 */
export function anyExponent(profile: ProfileName): boolean {
  return profile === 'luau';
}

/**
 * The exponents whose powers every `pow` gives exactly, whatever the base: `x ^ 0` is 1 and
 * `x ^ 1` is `x`.
 *
 * @example
 * ```ts
 * exactExponents.includes(2); // false
 * ```
 */
export const exactExponents: readonly number[] = [0, 1];
