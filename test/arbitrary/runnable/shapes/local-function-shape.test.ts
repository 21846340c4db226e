import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../../../../src/arbitrary/index.js';
import { Choices, expandRecord } from '../../../../src/arbitrary/runnable/index.js';
import { Gen } from '../../../../src/arbitrary/runnable/generator.js';
import { kit } from '../../../../src/arbitrary/runnable/shapes/kit.js';
import {
  localFunctionShape,
  shapeLocals,
} from '../../../../src/arbitrary/runnable/shapes/local-function-shape.js';
import { expression } from '../../../../src/arbitrary/runnable/values/operations.js';
import { blockStatements } from '../../../../src/arbitrary/runnable/statements/statements.js';
import { drawSwarm } from '../../../../src/arbitrary/runnable/swarm.js';

const productions = { expr: expression, block: blockStatements };

/** A runnable-level generator over a fixed record, with every swarm family as drawn. */
function gen(): Gen {
  const c = new Choices(expandRecord(3, 256));
  return new Gen(
    c,
    resolveOptions({ level: 'runnable', profile: 'luau' }),
    drawSwarm(c),
    productions,
  );
}

describe('localFunctionShape', () => {
  it('declares the name outside the frame, the parameters inside, and releases both', () => {
    const g = gen();
    const frames = g.scope.frames.length;
    const visible = g.scope.visible.length;
    const seen: number[][] = [];
    const stats = localFunctionShape(g, { room: 4 }, ({ f, fresh, endFrame }) => {
      seen.push([g.scope.frames.length, g.scope.frame.base]);
      const p = fresh();
      endFrame();
      seen.push([g.scope.frames.length, g.scope.visible.length]);
      return [kit.print([kit.ref(f), kit.ref(p)])];
    });
    expect(stats).toHaveLength(1);
    // In the frame, whose locals start after the function's name; after it, only the name.
    expect(seen).toEqual([
      [frames + 1, visible + 1],
      [frames, visible + 1],
    ]);
    expect(g.scope.frames.length).toBe(frames);
    expect(g.scope.visible.length).toBe(visible);
  });

  it('closes the frame and releases the locals when the body throws', () => {
    const g = gen();
    const frames = g.scope.frames.length;
    const visible = g.scope.visible.length;
    expect(() =>
      localFunctionShape(g, { room: 4 }, ({ fresh }) => {
        fresh();
        throw new Error('no statement');
      }),
    ).toThrow('no statement');
    expect(g.scope.frames.length).toBe(frames);
    expect(g.scope.visible.length).toBe(visible);
  });

  it('draws nothing and reads no choice when the needs do not fit', () => {
    const g = gen();
    const next = new Choices(expandRecord(3, 256));
    drawSwarm(next);
    const body = () => {
      throw new Error('drawn');
    };
    expect(localFunctionShape(g, { room: 10_000 }, body)).toEqual([]);
    expect(shapeLocals(g, { room: 1, when: false }, body)).toEqual([]);
    const off = (['vectors', 'buffers', 'loops'] as const).find((s) => !g.swarm[s]);
    if (off) expect(shapeLocals(g, { swarm: off, room: 1 }, body)).toEqual([]);
    g.pure++;
    expect(shapeLocals(g, { room: 1 }, body)).toEqual([]);
    expect(g.choices.int(1 << 16)).toBe(next.int(1 << 16));
  });
});
