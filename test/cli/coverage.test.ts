import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mainOutput } from '../helpers/cli-in-process.js';
import { coverageBuildDir, haveCoverageBuild } from '../helpers/coverage-build.js';
import { haveLuauTools, luauToolsDir } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'coverage-cli-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!haveCoverageBuild)('luau-fuzz coverage', needsShared, () => {
  it('prints the report as JSON: per executable and component, generated, compared, union and what each set alone covers', async () => {
    const compare = tempDir();
    writeFileSync(join(compare, 'quote.luau'), 'print(string.format("%q", "a\\nb"))\n');
    writeFileSync(join(compare, 'notes.txt'), 'not a program\n');
    const { code, stdout, stderr } = await mainOutput([
      'coverage',
      '--build',
      coverageBuildDir,
      '--compare',
      compare,
      '--level',
      'syntax',
      '--count',
      '3',
      '--seed',
      '5',
      '--json',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Record<string, unknown> & {
      tools: {
        tool: string;
        modes: string[];
        components: { component: string; lines: Record<string, number> }[];
      }[];
    };
    expect(report).toMatchObject({
      level: 'syntax',
      profile: 'luau',
      seed: 5,
      count: 3,
      modes: ['compile-O2'],
      generated: { programs: 3 },
      compared: { programs: 1, modes: { 'compile-O2': { ok: 1 } } },
    });
    expect(report.tools.map((t) => [t.tool, t.modes])).toEqual([['luau-compile', ['compile-O2']]]);
    const components = report.tools[0]!.components;
    expect(components.map((c) => c.component)).toEqual(['Ast', 'Compiler', 'total']);
    for (const { lines } of components) {
      expect(Object.keys(lines).sort()).toEqual(
        ['compared', 'count', 'generated', 'onlyCompared', 'onlyGenerated', 'union'].sort(),
      );
      expect(lines['union']).toBe(lines['compared']! + lines['onlyGenerated']!);
      expect(lines['generated']).toBeGreaterThan(0);
    }
  });

  it('prints tables of lines and branches per component, and how the programs ended', async () => {
    const { code, stdout } = await mainOutput([
      'coverage',
      '--build',
      coverageBuildDir,
      '--level',
      'scoped',
      '--count',
      '2',
      '--seed',
      '1',
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('generated: 2 programs (level scoped, profile luau, seed 1)');
    expect(stdout).toMatch(/^ {2}compile-O2: \d+ ok/m);
    expect(stdout).toContain('luau-compile (compile-O2): lines covered');
    expect(stdout).toContain('luau-compile (compile-O2): branches covered');
    expect(stdout).toMatch(/^ {2}Compiler +\d+ +\d+\.\d %$/m);
  });

  it('refuses an empty --compare folder, naming the flag', async () => {
    const { code, stderr } = await mainOutput([
      'coverage',
      '--build',
      coverageBuildDir,
      '--compare',
      tempDir(),
      '--count',
      '1',
    ]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^luau-fuzz: --compare: no \.luau files in /);
  });

  it('says which LLVM tools are missing and how to get them when they are not on the PATH', async () => {
    const saved = process.env['PATH'];
    process.env['PATH'] = tempDir();
    try {
      const { code, stderr } = await mainOutput(['coverage', '--build', coverageBuildDir]);
      expect(code).toBe(1);
      expect(stderr).toContain('llvm-profdata and llvm-cov not found on the PATH');
      expect(stderr).toContain('--llvm-bin DIR');
    } finally {
      process.env['PATH'] = saved;
    }
  });
});

describe('luau-fuzz coverage arguments', () => {
  it.skipIf(!haveLuauTools)(
    'refuses a build that is not instrumented for coverage, naming --build',
    needsShared,
    async () => {
      const { code, stderr } = await mainOutput(['coverage', '--build', luauToolsDir]);
      expect(code).toBe(1);
      expect(stderr).toContain('luau-fuzz: --build: ');
      expect(stderr).toContain('is not a coverage build (it has no __llvm_prf_cnts section)');
    },
  );

  it('refuses a missing build folder and an unknown mode, naming the flag', async () => {
    const missing = await mainOutput(['coverage', '--build', join(tempDir(), 'nothing')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^luau-fuzz: --build: no Luau tools in /);
    const mode = await mainOutput(['coverage', '--build', '.', '--modes', 'run-O3']);
    expect(mode.code).toBe(1);
    expect(mode.stderr).toContain(
      "option '--modes <list>' argument 'run-O3' is invalid. unknown mode 'run-O3'",
    );
  });

  it('needs --build', async () => {
    const { code, stderr } = await mainOutput(['coverage']);
    expect(code).toBe(1);
    expect(stderr).toContain("required option '--build <dir>' not specified");
  });
});
