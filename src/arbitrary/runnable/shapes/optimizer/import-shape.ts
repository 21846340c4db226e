import type { Expr, Stat } from '../../../../../gen/luau_pb.js';
import { build } from '../../../build.js';
import type { Gen } from '../../generator.js';
import type { StatProduction } from '../../library/model.js';
import { kit } from '../kit.js';

/** The global this shape defines: apart from the program's (`n10`..`n25`). */
const ROOT = 40;

/** `n40`, `n40.n0`, `n40.n0.n<k>`: chains of one, two and three names, each one import. */
function chain(...fields: number[]): Expr {
  return fields.reduce((e, k) => build.field(e, k), build.customGlobal(ROOT));
}

/** The chunk that assigns the global: the program's own chunk never does. */
const define = `local v, h = ... n${ROOT} = {n0 = {n1 = v, n2 = h}}`;

/**
 * Where {@link importShape} is drawn: not where a chunk may not define globals (modules, strict
 * mode) or must not write, nor without `loadstring` (luau-web).
 *
 * @example
 * ```ts
 * importDrawn(g); // false in typed programs
 * ```
 */
export function importDrawn(g: Gen): boolean {
  return g.globals !== undefined && g.pure === 0 && g.options.profile === 'luau';
}

/**
 * A global the program reads by name but assigns only in a chunk given to `loadstring`, so
 * that the compiler makes each of its chains of up to three names one import (`GETIMPORT`),
 * which load leaves unresolved (the global is nil then) and each run resolves from the
 * environment: read, replaced at one of its levels, read again, and a function field called
 * through the chain. Addresses are read only through the length of `tostring` (sixteen hex
 * digits). Only in the `luau` profile: luau-web has no `loadstring`.
 *
 * @example
 * ```ts
 * // loadstring("local v, h = ... n40 = {n0 = {n1 = v, n2 = h}}", "=g")(x, math.abs)
 * // print(n40.n0.n1, n40.n0.n2(y))  n40.n0.n1 = z  print(n40.n0.n1, #tostring(n40))
 * importShape(g, 0);
 * ```
 */
export const importShape: StatProduction = (g, d) => {
  if (!importDrawn(g)) return [];
  const c = g.choices;
  const fn = () => kit.field(build.global('math'), c.pick(['abs', 'floor', 'ceil', 'sign']));
  const load = () =>
    build.callStat(
      build.call(kit.call('loadstring', [kit.str(define), kit.str('=g')]), [g.num(d + 1), fn()]),
    );
  const reads = () => [chain(0, 1), build.call(chain(0, 2), [g.num(d + 1)])];
  const stats: Stat[] = [load(), kit.print(reads())];
  // Replaced at the level the chain resolves last, in the middle, or whole.
  switch (c.int(3)) {
    case 0:
      stats.push(build.assign([chain(0, 1)], [g.num(d + 1)]));
      break;
    case 1:
      stats.push(
        build.assign(
          [chain(0)],
          [
            build.record([
              [1, g.num(d + 1)],
              [2, fn()],
            ]),
          ],
        ),
      );
      break;
    case 2:
      stats.push(load());
      break;
  }
  stats.push(
    kit.print([
      ...reads(),
      kit.len(kit.text(chain())),
      kit.len(kit.text(chain(0))),
      kit.len(kit.text(chain(0, 2))),
    ]),
  );
  return [build.doBlock(stats)];
};
