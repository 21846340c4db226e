import { describe, expect, it } from 'vitest';
import {
  MAX_VALID_DEPTH,
  luauArbitraries,
  profileFeatures,
  resolveOptions,
} from '../../src/arbitrary/index.js';

describe('resolveOptions', () => {
  it('fills in every default', () => {
    expect(resolveOptions()).toMatchObject({
      level: 'syntax',
      profile: 'luau',
      types: true,
      maxDepth: 6,
      maxStatements: 6,
      maxNodes: 400,
      depthSize: 'medium',
    });
  });

  it('takes the profile, then the per-feature switches', () => {
    expect(profileFeatures('luau-web').integerLiterals).toBe(false);
    expect(profileFeatures('luau').integerLiterals).toBe(true);
    const r = resolveOptions({
      profile: 'luau-web',
      features: { integerLiterals: true, continue: false },
    });
    expect(r.features).toMatchObject({
      integerLiterals: true,
      continue: false,
      ifExpressions: true,
    });
  });

  it('switches every kind of type syntax off with types: false', () => {
    const f = resolveOptions({ types: false }).features;
    expect([f.typeAnnotations, f.typeAliases, f.typeFunctions, f.generics]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('refuses unknown levels and profiles and sizes that are not positive, naming them', () => {
    expect(() => resolveOptions({ level: 'perfect' as never })).toThrow(/level 'perfect'/);
    expect(() => resolveOptions({ profile: 'lua' as never })).toThrow(/profile 'lua'/);
    expect(() => resolveOptions({ maxStatements: 0 })).toThrow(/maxStatements/);
    expect(() => resolveOptions({ maxDepth: 2.5 })).toThrow(/maxDepth/);
    expect(() => luauArbitraries({ maxNodes: -1 })).toThrow(/maxNodes/);
    expect(() => resolveOptions({ level: 'scoped', maxDepth: MAX_VALID_DEPTH + 1 })).toThrow(
      /1000/,
    );
    expect(resolveOptions({ level: 'schema', maxDepth: 200 }).maxDepth).toBe(200);
  });

  it('refuses a share of planted errors below the typed level, naming the option and the level', () => {
    expect(() => resolveOptions({ level: 'runnable', plantedErrors: 10 })).toThrow(
      "option plantedErrors applies only at the typed level (its programs are type-checked), not at level 'runnable'",
    );
    expect(() => luauArbitraries({ level: 'scoped', plantedErrors: 0 })).toThrow(/level 'scoped'/);
    expect(resolveOptions({ level: 'typed', plantedErrors: 10 }).plantedErrors).toBe(10);
  });
});
