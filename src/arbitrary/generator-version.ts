/**
 * The version of the generator's output: which tree fast-check draws for a seed, a run index
 * and options. A campaign directory records it, since its programs are kept as (seed, index)
 * and replayed from the generator; a campaign or finding recorded by another version is not
 * replayed silently. Bump it with every change that alters a generated tree (the test
 * `test/arbitrary/generator-version.test.ts` pins a fingerprint of the output per version and
 * fails until both are updated).
 *
 * @example
 * ```ts
 * if (recorded !== GENERATOR_VERSION) throw new Error(`recorded by generator ${recorded}`);
 * ```
 */
export const GENERATOR_VERSION = 15;
