import { equals } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { StatSchema, type ModuleSet, type Stat } from '../../gen/luau_pb.js';
import { profileNames, resolveOptions } from '../../src/arbitrary/index.js';
import { Choices, expandRecord, runnableModuleSet } from '../../src/arbitrary/runnable/index.js';
import { Gen } from '../../src/arbitrary/runnable/generator.js';
import { metatablePrelude } from '../../src/arbitrary/runnable/library/metatable.js';
import { expression } from '../../src/arbitrary/runnable/values/operations.js';
import { blockStatements } from '../../src/arbitrary/runnable/statements/statements.js';
import { drawSwarm } from '../../src/arbitrary/runnable/swarm.js';

const productions = { expr: expression, block: blockStatements };

/** The statements of `tree`'s program where `prelude` is, or undefined when it has none. */
function preludeIn(tree: ModuleSet, prelude: readonly Stat[]): Stat[] | undefined {
  const body = tree.program?.body ?? [];
  // `prelude[1]` (`l1.__add = function ...`) is in no other statement.
  const at = body.findIndex((s) => equals(StatSchema, s, prelude[1]!)) - 1;
  return at < 0 ? undefined : body.slice(at, at + prelude.length);
}

describe('runnableModuleSet', () => {
  for (const profile of profileNames) {
    it(`shares one metatable prelude per options, which reads no choices (${profile})`, () => {
      const options = resolveOptions({ level: 'runnable', profile });
      // The prelude is shared only because it depends on the options alone: built from two
      // different records, it is the same, and it reads none of either.
      const built = [1, 2].map((seed) => {
        const record = expandRecord(seed, 64);
        const c = new Choices(record);
        const stats = metatablePrelude(new Gen(c, options, drawSwarm(c), productions), 1);
        // The prelude reads none: the next choice is the one after the swarm's draw.
        const alone = new Choices(record);
        drawSwarm(alone);
        expect(c.int(1 << 16)).toBe(alone.int(1 << 16));
        return stats;
      });
      const [a, b] = built as [Stat[], Stat[]];
      expect(a.length).toBeGreaterThan(10);
      expect(b.length).toBe(a.length);
      a.forEach((s, i) => expect(equals(StatSchema, s, b[i]!)).toBe(true));

      // Programs with a metatable hold the very same prelude messages, equal to a fresh one.
      const preludes = Array.from({ length: 40 }, (_, seed) =>
        preludeIn(runnableModuleSet(expandRecord(seed, 2048), options), a),
      ).filter((p) => p !== undefined);
      expect(preludes.length).toBeGreaterThan(5);
      const first = preludes[0]!;
      first.forEach((s, i) => expect(equals(StatSchema, s, a[i]!)).toBe(true));
      for (const p of preludes.slice(1)) p.forEach((s, i) => expect(s).toBe(first[i]));
    });
  }
});
