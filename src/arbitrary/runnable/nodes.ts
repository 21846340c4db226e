import { build } from '../build.js';

/**
 * The statement builders under their former name, with `local` for {@link build.localVar}:
 * kept while the shape files still call them; new code calls {@link build}.
 *
 * @example
 * ```ts
 * node.localStat([node.local(0)], [build.number(1)]); // build.localStat([build.localVar(0)], ...)
 * ```
 */
export const node = { ...build, local: build.localVar };
