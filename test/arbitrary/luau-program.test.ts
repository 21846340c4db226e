import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { luauProgram } from '../../src/arbitrary/index.js';
import { printPretty } from '../../src/print/index.js';
import { casesPerTree } from '../helpers/arbitrary-checks.js';
import { compileChunk } from '../helpers/arbitrary-programs.js';

describe('luauProgram', () => {
  it('gives printed sources with their tree, and the sources compile', async () => {
    const programs = fc.sample(luauProgram({ level: 'scoped', profile: 'luau-web' }), {
      seed: 12,
      numRuns: 100,
    });
    for (const p of programs) {
      expect(p.sources).toEqual(printPretty(p.tree));
      expect(p.source).toBe(p.sources[p.sources.length - 1]);
      expect(p.module !== undefined).toBe(p.tree.module !== undefined);
      for (const s of p.sources) expect(await compileChunk(s)).toBeUndefined();
    }
  });

  it('prints without annotations and type syntax when types is false', () => {
    const programs = fc.sample(luauProgram({ types: false }), { seed: 3, numRuns: 200 });
    const counts = casesPerTree(
      ModuleSetSchema,
      programs.map((p) => p.tree),
    );
    expect(counts['Stat.stat_oneof=type_alias']).toBeUndefined();
    expect(counts['Stat.stat_oneof=type_function']).toBeUndefined();
    expect(programs.some((p) => /local \w+:/.test(p.source))).toBe(false);
  });

  it('indents as asked', () => {
    const programs = fc.sample(luauProgram({ indent: 2 }), { seed: 4, numRuns: 100 });
    const nested = programs.find((p) => p.source.includes('\n  '));
    expect(nested).toBeDefined();
    for (const line of nested!.source.split('\n')) {
      expect((line.length - line.trimStart().length) % 2).toBe(0);
    }
  });

  it('shrinks a failing program to a small one', () => {
    const details = fc.check(
      fc.property(luauProgram({ level: 'scoped' }), ({ source }) => !source.includes('repeat')),
      { seed: 8, numRuns: 300 },
    );
    expect(details.failed).toBe(true);
    const [example] = details.counterexample!;
    expect(example!.source.trim()).toBe('repeat\nuntil nil');
  });
});

describe('luauProgram reports', () => {
  it('prints a counterexample as Luau source, not as the tree', () => {
    let message = '';
    try {
      fc.assert(
        fc.property(luauProgram({ level: 'scoped' }), ({ source }) => !source.includes('repeat')),
        { seed: 8, numRuns: 300 },
      );
    } catch (e) {
      message = e instanceof Error ? e.message : String(e);
    }
    expect(message).toContain('Counterexample: [LuauProgram\n');
    expect(message).toContain('repeat\nuntil nil');
    expect(message).not.toContain('$typeName');
  });

  it('gives modules with the program that requires them', () => {
    const programs = fc.sample(luauProgram({ level: 'scoped' }), { seed: 5, numRuns: 200 });
    const withModule = programs.filter((p) => p.module !== undefined);
    expect(withModule.length).toBeGreaterThan(0);
    for (const p of withModule) {
      expect(p.sources).toEqual([p.module, p.source]);
      expect(String(p)).not.toContain('-- module'); // the plain object is unchanged
      expect(fc.stringify(p)).toContain('-- module (module0)\n');
    }
  });
});
