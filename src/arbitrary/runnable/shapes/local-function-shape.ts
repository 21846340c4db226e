import type { Local, Stat } from '../../../../gen/luau_pb.js';
import type { Gen } from '../generator.js';
import { withLocals } from './kit.js';
import type { Swarm } from '../swarm.js';
import type { VarInfo } from '../values/types.js';

/** Declares a local (a function's by default). */
export type Fresh = (info?: VarInfo) => Local;

/** The swarm families that are switched on or off. */
export type SwarmFamily = {
  [K in keyof Swarm]: Swarm[K] extends boolean ? K : never;
}[keyof Swarm];

/**
 * When an untyped shape may be drawn: never at the typed level or inside a pure context, only
 * with its swarm family on, when `when` holds, and with room for `room` more visible locals.
 *
 * @example
 * ```ts
 * const needs: ShapeNeeds = { swarm: 'vectors', when: g.has('vector.create'), room: 10 };
 * ```
 */
export interface ShapeNeeds {
  /** The family the shape belongs to (none: drawn in every program). */
  swarm?: SwarmFamily;
  /** One more condition of the shape's own (default true). */
  when?: boolean;
  /** How many locals the shape declares at most. */
  room: number;
}

/** Whether a shape with these needs may be drawn at this point. */
function fits(g: Gen, needs: ShapeNeeds): boolean {
  return (
    !g.typed &&
    g.pure === 0 &&
    (needs.swarm === undefined || g.swarm[needs.swarm]) &&
    needs.when !== false &&
    g.roomFor(needs.room)
  );
}

/**
 * An untyped shape with locals of its own: no statements when `needs` does not fit, else
 * `body`'s, with the locals it declares through `fresh` out of scope afterwards. Reads no
 * choice of its own, so the shape draws exactly what `body` draws.
 *
 * @example
 * ```ts
 * export const patternShape: StatProduction = (g) =>
 *   shapeLocals(g, { swarm: 'strings', room: 4 }, (fresh) => [build.doBlock(stats(fresh()))]);
 * ```
 */
export function shapeLocals(g: Gen, needs: ShapeNeeds, body: (fresh: Fresh) => Stat[]): Stat[] {
  if (!fits(g, needs)) return [];
  return withLocals(g, body);
}

/** What {@link localFunctionShape} hands its body. */
export interface LocalFunctionParts {
  /** The function's name, declared outside its frame. */
  f: Local;
  /** Declares a local: in the function's frame until `endFrame`, outside it afterwards. */
  fresh: Fresh;
  /** Leaves the function's frame: call it once the function's body is built. */
  endFrame: () => void;
}

/**
 * An untyped shape around one local function: declares its name `f`, then opens a frame for
 * the function (its parameters and locals) that `body` closes with `endFrame` before it writes
 * the statements that define and call `f`. The frame is closed on return or on an exception,
 * whether or not `body` closed it, and the locals are released; no choice is read here.
 *
 * @example
 * ```ts
 * export const kernelShape: StatProduction = (g, d) => {
 *   return localFunctionShape(g, { swarm: 'arithmetic', room: 10 }, ({ f, fresh, endFrame }) => {
 *     const x = fresh(); // a parameter
 *     const fn = build.func([x], [build.ret([kit.ref(x)])]);
 *     endFrame();
 *     return [build.localFunction(f, fn), kit.print([build.call(kit.ref(f), [kit.num(1)])])];
 *   });
 * };
 * ```
 */
export function localFunctionShape(
  g: Gen,
  needs: ShapeNeeds,
  body: (parts: LocalFunctionParts) => Stat[],
): Stat[] {
  return shapeLocals(g, needs, (fresh) => {
    const f = fresh();
    const depth = g.scope.frames.length;
    g.scope.pushFrame(false);
    const endFrame = () => {
      while (g.scope.frames.length > depth) g.scope.popFrame();
    };
    try {
      return body({ f, fresh, endFrame });
    } finally {
      endFrame();
    }
  });
}
