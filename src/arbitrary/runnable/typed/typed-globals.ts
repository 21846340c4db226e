import type { Expr, Local, Stat } from '../../../../gen/luau_pb.js';
import { build } from '../../build.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import { fieldScalars, opaque, print, scalarType, use, value } from './typed-parts.js';
import { ty } from './typed-types.js';
import type { Scalar } from '../values/types.js';

/** Global functions are `n10`..`n17`, the runnable level's names for globals (the typed level has none). */
const FIRST_GLOBAL_FUNCTION = 10;
const MAX_GLOBAL_FUNCTIONS = 8;

/** The global functions declared so far, per chunk that may declare them. */
const declared = new WeakMap<Gen, number>();

/**
 * Lets `g`'s chunk declare global functions: the program's, not a module's (a module's
 * globals would be the program's too when it runs, and not when it is checked).
 *
 * @example
 * ```ts
 * allowGlobalFunctions(g); // globalFunctionStat(g, 1) may now declare `function n10(...)`
 * ```
 */
export function allowGlobalFunctions(g: Gen): void {
  declared.set(g, 0);
}

/**
 * A global no typed program declares (outside the global functions' names), so a planted
 * error that reads or writes it is one wherever the program declares global functions.
 *
 * @example
 * ```ts
 * build.customGlobal(undeclaredGlobal(g)); // e.g. n143
 * ```
 */
export function undeclaredGlobal(g: Gen): number {
  const first = FIRST_GLOBAL_FUNCTION + MAX_GLOBAL_FUNCTIONS;
  return first + g.choices.int(256 - first);
}

function freshGlobal(g: Gen): number | undefined {
  const k = declared.get(g);
  if (k === undefined || k >= MAX_GLOBAL_FUNCTIONS) return undefined;
  declared.set(g, k + 1);
  return FIRST_GLOBAL_FUNCTION + k;
}

/** `function n<k>(x: S): number return <use of x> end`. */
function declare(k: number, x: Local, s: Scalar): Stat {
  const body = [build.ret([use(s === 'str' ? 'str' : 'num', build.local(x.name))])];
  const fn = build.func([x], body, false, [scalarType(s)], [ty.prim('number')]);
  return build.functionStat(build.customGlobal(k), fn);
}

/** `n<k>(e)`. */
function callGlobal(k: number, e: Expr): Expr {
  return build.call(build.customGlobal(k), [e]);
}

/**
 * Global functions, the one kind of global strict mode lets a program declare: the checker
 * binds them in the module's scope as it meets them (at the chunk's level or inside a
 * function), and the linter tracks every global's references: a global function called
 * where it is declared, one declared and called inside a single local function only
 * (GlobalUsedAsLocal), one never called (FunctionUnused), one calling another declared after
 * it, and one called through a local.
 *
 * @example
 * ```ts
 * globalFunctionStat(g, 1); // function n10(l5: number): number return l5 + 1 end print(n10(...))
 * ```
 */
export const globalFunctionStat: StatProduction = (g: Gen, d: number): Stat[] => {
  const k = freshGlobal(g);
  if (k === undefined) return [];
  const [x, h, y, f] = opaque(g, 4);
  const s = g.choices.pick(fieldScalars);
  switch (g.choices.int(5)) {
    case 0:
      return [declare(k, x, s), print([callGlobal(k, value(g, s, d + 1))])];
    case 1: {
      // Declared and used in `h` only: the linter suggests a local.
      const body = [declare(k, x, s), build.ret([callGlobal(k, build.local(y.name))])];
      const fn = build.func([y], body, false, [scalarType(s)], [ty.prim('number')]);
      return [
        build.localFunction(h, fn),
        print([build.call(build.local(h.name), [value(g, s, d + 1)])]),
      ];
    }
    case 2:
      return [declare(k, x, s)];
    case 3: {
      // One calling another declared after it: the checker sorts the block's statements so
      // that it checks the callee first.
      const k2 = freshGlobal(g);
      if (k2 === undefined) return [];
      const body = [build.ret([callGlobal(k2, build.local(y.name))])];
      const caller = build.func([y], body, false, [scalarType(s)], [ty.prim('number')]);
      return [
        build.functionStat(build.customGlobal(k), caller),
        declare(k2, x, s),
        print([callGlobal(k, value(g, s, d + 1))]),
      ];
    }
    default:
      return [
        declare(k, x, s),
        build.localStat([f], [build.customGlobal(k)]),
        print([build.call(build.local(f.name), [value(g, s, d + 1)])]),
      ];
  }
};
