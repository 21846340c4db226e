import { clone } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { luauArbitraries, luauProgram } from '../../src/arbitrary/index.js';
import { tracedMap } from '../../src/arbitrary/traced-map.js';

describe('tracedMap', () => {
  it('gives back the source of a value it built, and refuses any other value', () => {
    const arb = tracedMap(fc.nat(), 'box', (n) => ({ n }));
    const [box] = fc.sample(arb, { seed: 1, numRuns: 1 });
    expect(arb.canShrinkWithoutContext(box)).toBe(true);
    expect(arb.canShrinkWithoutContext({ ...box })).toBe(false);
    expect(tracedMap(fc.nat(), 'other', (n) => ({ n })).canShrinkWithoutContext(box)).toBe(false);
    const shrunk = [...arb.shrink(box!, undefined)].map((v) => v.value.n);
    expect(shrunk.length).toBeGreaterThan(0);
    expect(shrunk.every((n) => n < box!.n)).toBe(true);
  });

  it('makes programs of the syntax and scoped levels given in examples shrink', () => {
    for (const level of ['syntax', 'scoped'] as const) {
      const arb = luauProgram({ level, profile: 'luau-web' });
      const program = fc
        .sample(arb, { seed: 8, numRuns: 300 })
        .find((p) => p.source.includes('repeat') && arb.canShrinkWithoutContext(p))!;
      const details = fc.check(
        fc.property(arb, ({ source }) => !source.includes('repeat')),
        { seed: 1, numRuns: 1, examples: [[program]] },
      );
      expect(details.numShrinks).toBeGreaterThan(0);
      const shrunk = details.counterexample![0]!.source;
      expect(shrunk).toContain('repeat');
      expect(shrunk.length).toBeLessThan(program.source.length);
    }
  });

  it('leaves a copy of a syntax-level tree unshrunk', () => {
    const { moduleSet } = luauArbitraries({ level: 'syntax', profile: 'luau-web' });
    const [tree] = fc.sample(moduleSet, { seed: 3, numRuns: 1 });
    expect(moduleSet.canShrinkWithoutContext(clone(ModuleSetSchema, tree!))).toBe(false);
  });
});
