import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luauArbitraries } from '../../../../src/arbitrary/index.js';
import { printPretty } from '../../../../src/print/index.js';
import { samplePrograms } from '../../../helpers/batch-programs.js';
import { haveLuauTools } from '../../../helpers/luau-tools.js';
import { notAlike } from '../../../helpers/runnable-alike.js';
import { needsShared } from '../../../helpers/shared.js';

/** The globals a chunk defines in its top block: unindented `nK = ...` lines. */
function defined(source: string): string[] {
  return [...source.matchAll(/^(n\d+) = /gm)].map((m) => m[1]!);
}

describe('globalChecksum', () => {
  it('defines globals in the program top block only, and prints every one at the end', () => {
    const trees = fc.sample(luauArbitraries({ level: 'runnable', profile: 'luau-web' }).moduleSet, {
      seed: 51,
      // Shapes take a share of the statements, so about one program in twenty has globals.
      numRuns: 900,
    });
    let withGlobals = 0;
    for (const tree of trees) {
      const chunks = printPretty(tree);
      const program = chunks[chunks.length - 1]!;
      if (chunks.length === 2) expect(chunks[0]).not.toMatch(/^\s*n\d+ (\.\.|[-+*/%^])?= /m);
      const names = [...new Set(defined(program))];
      if (names.length === 0) continue;
      withGlobals++;
      const last = program.trimEnd().split('\n').at(-1)!;
      expect(last).toBe(`print(${names.join(', ')})`);
    }
    expect(withGlobals).toBeGreaterThan(30);
    const typed = fc.sample(luauArbitraries({ level: 'typed', profile: 'luau' }).moduleSet, {
      seed: 51,
      numRuns: 200,
    });
    expect(typed.flatMap((t) => defined(printPretty(t).join('\n')))).toEqual([]);
  });

  it.skipIf(!haveLuauTools)(
    'gives programs with globals that run clean alike at -O0, -O2 and --codegen',
    { ...needsShared, timeout: 120_000 },
    async () => {
      const programs = samplePrograms({ level: 'runnable', profile: 'luau' }, 52, 900)
        .filter((p) => defined(p.program).length > 0)
        .slice(0, 60);
      expect(programs.length).toBeGreaterThan(30);
      expect(await notAlike(programs)).toEqual([]);
    },
  );
});
