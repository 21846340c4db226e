import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import {
  programRecords,
  streamRandom,
  type ProgramRecord,
  type ValidityLevel,
} from '../../src/arbitrary/index.js';
import { sourcesOf } from '../../src/campaign/programs.js';
import { missingRequiredField } from '../../src/tree/index.js';
import { scopeViolations } from '../helpers/arbitrary-scope-check.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

/** 200 mutants of 20 records of the level, with the mutations applied. */
function mutants(level: ValidityLevel): {
  trees: ProgramRecord[];
  seen: Set<string>;
  discarded: number;
} {
  const records = programRecords({ level, profile: 'luau' });
  const parents = Array.from({ length: 20 }, (_, i) => records.ofRun(9, i));
  const random = streamRandom(11);
  const trees: ProgramRecord[] = [];
  const seen = new Set<string>();
  for (let k = 0; k < 200; k++) {
    let record = parents[k % parents.length]!;
    // A mutant of a tree mutant now and then.
    for (let depth = random.nextInt(1, 2); depth > 0; depth--) {
      const m = records.mutate(record, random, parents);
      for (const op of m.mutations) seen.add(op);
      record = m.record;
    }
    trees.push(record);
  }
  return { trees, seen, discarded: records.discarded };
}

describe('tree mutation', () => {
  it('replaces, copies and deletes subtrees of schema trees, leaving every required field set', () => {
    const records = programRecords({ level: 'schema', profile: 'luau' });
    const { trees, seen } = mutants('schema');
    expect(seen).toContain('replace');
    expect(seen).toContain('copy');
    expect(seen).toContain('delete');
    const asTrees = trees.filter((t) => t.kind === 'tree');
    expect(asTrees.length).toBeGreaterThan(50);
    for (const t of asTrees) {
      const tree = records.build(t);
      expect(missingRequiredField(ModuleSetSchema, tree)).toBeUndefined();
      expect(toBinary(ModuleSetSchema, tree).length).toBeGreaterThan(0);
    }
  });

  it('gives scoped programs whose every local is read in its scope, scopes resolved again', () => {
    // luau-compile takes a name out of scope for a global: the tests' own scope checker
    // tells it from a local in scope.
    const records = programRecords({ level: 'scoped', profile: 'luau' });
    const { trees } = mutants('scoped');
    const asTrees = trees.filter((t) => t.kind === 'tree');
    expect(asTrees.length).toBeGreaterThan(50);
    const outOfScope = asTrees.flatMap((t, i) =>
      scopeViolations(records.build(t)).map((v) => `mutant ${i}: ${v}`),
    );
    expect(outOfScope).toEqual([]);
  });

  it.skipIf(!haveLuauTools)(
    'gives scoped and syntax programs that luau-compile accepts, scopes resolved again',
    { ...needsShared, timeout: 120_000 },
    () => {
      for (const level of ['scoped', 'syntax'] as const) {
        const records = programRecords({ level, profile: 'luau' });
        const { trees, seen } = mutants(level);
        expect(seen).toContain('replace');
        const dir = mkdtempSync(join(tmpdir(), 'tree-mutants-'));
        try {
          const files: string[] = [];
          for (const [i, t] of trees.entries()) {
            if (t.kind !== 'tree') continue;
            const { program, module } = sourcesOf(records.build(t));
            const file = join(dir, `m${i}.luau`);
            writeFileSync(file, program);
            files.push(file);
            if (module !== undefined) {
              writeFileSync(join(dir, `m${i}.module.luau`), module);
              files.push(join(dir, `m${i}.module.luau`));
            }
          }
          expect(files.length).toBeGreaterThan(50);
          const r = spawnSync(tools().luauCompile, ['--text', ...files], {
            encoding: 'utf8',
            maxBuffer: 1 << 28,
          });
          expect(r.stderr.slice(0, 500)).toBe('');
          expect(r.status).toBe(0);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }
    },
  );
});
