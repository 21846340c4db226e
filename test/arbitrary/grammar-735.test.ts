import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toBinary } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  luauArbitraries,
  luauProgram,
  OptionError,
  resolveOptions,
} from '../../src/arbitrary/index.js';
import { printPretty } from '../../src/print/index.js';
import { grammar715, grammar735, readGrammarTreeFile, walkTree } from '../../src/tree/index.js';
import { casesPerTree, expectSameTreesForSeed } from '../helpers/arbitrary-checks.js';
import { mainOutput } from '../helpers/cli-in-process.js';
import { compileErrors735, haveCompiler735 } from '../helpers/luau-compile-735.js';
import { needsShared, sharedDir } from '../helpers/shared.js';

const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-grammar-735-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The messages only grammar 735 has. */
const added = grammar735.file.messages.map((m) => m.name).filter((name) => !grammar715.has(name));

function kinds(trees: readonly object[]): Set<string> {
  const seen = new Set<string>();
  for (const tree of trees)
    walkTree(grammar735.moduleSet, tree as never, (node) => {
      seen.add(node.message.$typeName.slice('luau.'.length));
    });
  return seen;
}

describe('luauArbitraries, grammar 735', () => {
  it('reaches every message of the 0.735 schema at the schema level, and pretty prints each tree', () => {
    expect(added).toEqual(
      expect.arrayContaining(['StatClass', 'ExprClassInst', 'ExprBuiltinRef', 'ParenlessCall']),
    );
    const trees = fc.sample(luauArbitraries({ level: 'schema', grammar: '735' }).moduleSet, {
      seed: 1,
      numRuns: 300,
    });
    const seen = kinds(trees);
    const missing = grammar735.file.messages.map((m) => m.name).filter((n) => !seen.has(n));
    expect(missing).toEqual([]);
    for (const tree of trees) {
      expect(() => toBinary(grammar735.moduleSet, tree)).not.toThrow();
      expect(() => printPretty(tree, { grammar: grammar735 })).not.toThrow();
    }
  });

  it('has an arbitrary of every message of the 0.735 schema, giving messages of it, at both levels', () => {
    for (const level of ['schema', 'syntax'] as const) {
      const arbs = luauArbitraries({ level, grammar: '735' }) as unknown as Record<
        string,
        fc.Arbitrary<{ $typeName: string }>
      >;
      for (const desc of grammar735.file.messages) {
        const key = desc.name[0]!.toLowerCase() + desc.name.slice(1);
        const [value] = fc.sample(arbs[key]!, { seed: 1, numRuns: 1 });
        expect(value?.$typeName, `${level} ${key}`).toBe(desc.typeName);
        expect(() => toBinary(desc, value as never)).not.toThrow();
      }
    }
  });

  it('gives the same trees for a seed', () => {
    for (const level of ['schema', 'syntax', 'scoped', 'runnable'] as const)
      expectSameTreesForSeed(
        grammar735.moduleSet,
        luauArbitraries({ level, grammar: '735' }).moduleSet,
        7,
      );
  });

  it('draws what 0.735 adds at the syntax level: classes, instances, builtin references, both calls, const and export', () => {
    const trees = fc.sample(luauArbitraries({ grammar: '735' }).moduleSet, {
      seed: 2,
      numRuns: 500,
    });
    const cases = casesPerTree(grammar735.moduleSet, trees);
    for (const key of [
      'Stat.stat_oneof=class',
      'Expr.expr_oneof=classinst',
      'Expr.expr_oneof=builtin_ref',
      'ExprCall.call_oneof=paren',
      'ExprCall.call_oneof=parenless',
      'ParenlessCall.arg_oneof=string',
      'ParenlessCall.arg_oneof=table',
      'ClassMethod.name_oneof=metamethod',
    ])
      expect(cases[key] ?? 0, key).toBeGreaterThan(5);
    const text = trees.map((t) => printPretty(t, { grammar: grammar735 }).join('\n')).join('\n');
    for (const form of [
      /^const /m,
      /^export /m,
      /^(export )?(open )?class C\d+ extends C\d/m,
      /\w "/,
    ])
      expect(text).toMatch(form);
  });

  it('is generated at every level, typed programs for the new solver only, and refuses an unknown grammar', () => {
    expect(resolveOptions({ level: 'typed', grammar: '735' }).checker).toBe('new');
    let error: unknown;
    try {
      luauArbitraries({ level: 'typed', grammar: '735', checker: 'old' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(OptionError);
    expect((error as OptionError).option).toBe('checker');
    expect((error as Error).message).toContain('735');
    expect(() => luauArbitraries({ grammar: '736' as never })).toThrow(/grammar/);
  });

  it('prints luauProgram with the grammar it names', () => {
    for (const p of fc.sample(luauProgram({ grammar: '735' }), { seed: 3, numRuns: 100 }))
      expect(p.sources).toEqual(printPretty(p.tree, { grammar: grammar735 }));
  });
});

describe.runIf(haveCompiler735)('luauArbitraries, grammar 735, on Luau 0.735', needsShared, () => {
  it('gives syntax-level programs that all compile on Luau 0.735 with the class flags', () => {
    const sources = new Map<string, string>();
    const programs = fc.sample(luauProgram({ grammar: '735' }), { seed: 1, numRuns: 400 });
    programs.forEach((p, i) => p.sources.forEach((s, j) => sources.set(`s${i}-${j}.luau`, s)));
    expect(compileErrors735(sources)).toEqual([]);
    // The check could fail: without the class flags, 0.735 rejects some of them.
    expect([...sources.values()].some((s) => /^(export )?(open )?class /m.test(s))).toBe(true);
  });

  it('gives programs without types that compile too', () => {
    const sources = new Map<string, string>();
    const programs = fc.sample(luauProgram({ grammar: '735', types: false }), {
      seed: 4,
      numRuns: 200,
    });
    programs.forEach((p, i) => p.sources.forEach((s, j) => sources.set(`u${i}-${j}.luau`, s)));
    expect(compileErrors735(sources)).toEqual([]);
  });
});

describe('luau-fuzz gen --grammar 735', () => {
  it('writes trees of the grammar in every format and records it in the manifest', async () => {
    const out = join(dir, 'corpus');
    const r = await mainOutput([
      ...['gen', '--grammar', '735', '--count', '20', '--seed', '1'],
      ...['--format', 'textproto,binpb,json,luau', '--out', out],
    ]);
    expect(r.code, r.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      options: { grammar: string };
      trees: { hash: string }[];
    };
    expect(manifest.options.grammar).toBe('735');
    const files = readdirSync(out);
    for (const { hash } of manifest.trees) {
      for (const ext of ['textproto', 'binpb', 'json']) {
        const { grammar } = await readGrammarTreeFile(join(out, `${hash}.${ext}`), {
          grammar: grammar735,
        });
        expect(grammar).toBe(grammar735);
      }
      expect(files).toContain(`${hash}.luau`);
    }
    const refused = await mainOutput(['gen', '--count', '2', '--force', '--out', out]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/grammar 735, not 715/);
    const scoped = await mainOutput([
      'gen',
      '--grammar',
      '735',
      '--level',
      'typed',
      '--out',
      join(dir, 'x'),
    ]);
    // Typed programs of grammar 735 are for the new solver, the one 0.735 has.
    expect(scoped.stderr).toMatch(/--checker must be 'new' for grammar 735/);
  });

  it('writes 715 corpora that say so', async () => {
    const out = join(dir, 'corpus-715');
    const r = await mainOutput(['gen', '--count', '3', '--seed', '1', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      options: { grammar: string };
    };
    expect(manifest.options.grammar).toBe('715');
  });
});

const luau735 = join(sharedDir, 'tools', 'luau-735', 'luau');
describe.runIf(haveCompiler735 && existsSync(luau735))(
  'luau-fuzz check --grammar 735',
  needsShared,
  () => {
    it('compiles the grammar’s programs with the runtime’s flags, and finds what fails without them', async () => {
      const flags = `--fflags=${grammar735.flags.join(',')}`;
      const args = ['check', '--grammar', '735', '--count', '100', '--seed', '1', '--json'];
      const ok = await mainOutput([...args, '--runtime', `luau-cli:path=${luau735}:${flags}`]);
      expect(ok.code, ok.stderr).toBe(0);
      const report = JSON.parse(ok.stdout) as { level: string; compiled: number; count: number };
      expect(report).toMatchObject({ level: 'syntax', compiled: 100, count: 100 });
      const bare = await mainOutput([...args, '--runtime', `luau-cli:path=${luau735}`]);
      expect(bare.code).toBe(1);
      expect((JSON.parse(bare.stdout) as { compiled: number }).compiled).toBeLessThan(100);
    });
  },
);
