import { describe, expect, it } from 'vitest';
import { Scope } from '../../src/arbitrary/scope.js';

function boom(): never {
  throw new Error('boom');
}

describe('Scope', () => {
  it('releases a block, a loop and a function even when their body throws', () => {
    const scope = new Scope<null>();
    scope.declare(null);
    expect(() =>
      scope.inFunction(false, () =>
        scope.inLoop(() =>
          scope.inBlock(() => {
            scope.declare(null);
            scope.declare(null);
            expect(scope.frame.loops).toBe(1);
            expect(scope.frames).toHaveLength(2);
            boom();
          }),
        ),
      ),
    ).toThrow('boom');
    expect(scope.visible).toHaveLength(1);
    expect(scope.frames).toHaveLength(1);
    expect(scope.frame.loops).toBe(0);
  });

  it('gives back what the body returns, its locals gone after', () => {
    const scope = new Scope<null>();
    const names = scope.inLoop(() =>
      scope.inBlock(() => [scope.declare(null), scope.declare(null)]),
    );
    expect(names).toEqual([0, 1]);
    expect(scope.visible).toHaveLength(0);
    expect(scope.frame.loops).toBe(0);
    const typed = scope.inFunction(true, () => scope.inTypeFunction(), true);
    expect(typed).toBe(true);
    expect(scope.inTypeFunction()).toBe(false);
  });
});
