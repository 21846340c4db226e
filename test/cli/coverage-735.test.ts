import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mainOutput } from '../helpers/cli-in-process.js';
import { haveCoverageBuild } from '../helpers/coverage-build.js';
import { needsShared, sharedDir } from '../helpers/shared.js';

const build735 = join(sharedDir, 'tools', 'luau-735-coverage');
const classes = join(sharedDir, 'reference', 'luau-conformance-735', 'classes.luau');
const root = mkdtempSync(join(tmpdir(), 'coverage-735-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Report {
  grammar: string;
  fflags: string[];
  generated: { modes: Record<string, Record<string, number>> };
  compared: { modes: Record<string, Record<string, number>> };
  tools: { tool: string; components: { component: string; lines: Record<string, number> }[] }[];
}

async function coverage(args: string[]): Promise<Report> {
  const { code, stdout, stderr } = await mainOutput([
    'coverage',
    '--build',
    build735,
    '--compare',
    root,
    '--count',
    '3',
    '--seed',
    '2',
    '--json',
    ...args,
  ]);
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return JSON.parse(stdout) as Report;
}

describe.skipIf(!haveCoverageBuild || !existsSync(join(build735, 'luau')))(
  'luau-fuzz coverage on Luau 0.735',
  { ...needsShared, timeout: 180_000 },
  () => {
    it('passes --fflags to every run, and reports Bytecode and Inliner as components', async () => {
      copyFileSync(classes, join(root, 'classes.luau'));
      const flags = 'true,DebugLuauUserDefinedClasses=true,DebugLuauUserDefinedClassesRuntime=true';
      const on = await coverage(['--modes', 'run-O2', '--fflags', flags]);
      expect(on).toMatchObject({ grammar: '715', fflags: flags.split(',') });
      expect(on.generated.modes).toEqual({ 'run-O2': { ok: 3 } });
      // Classes compile and run only with their flags.
      expect(on.compared.modes).toEqual({ 'run-O2': { ok: 1 } });
      const off = await coverage(['--modes', 'run-O2']);
      expect(off.compared.modes['run-O2']!['ok'] ?? 0).toBe(0);
      expect(on.tools[0]!.components.map((c) => c.component)).toEqual([
        'Ast',
        'Compiler',
        'Bytecode',
        'VM',
        'CodeGen',
        'Inliner',
        'total',
      ]);
      const vm = (r: Report) => r.tools[0]!.components.find((c) => c.component === 'VM')!;
      expect(vm(on).lines['compared']!).toBeGreaterThan(vm(off).lines['compared']!);
    });

    it("runs syntax programs of grammar 735 with Luau 0.735's fuzzer flags by default", async () => {
      const r = await coverage(['--grammar', '735', '--level', 'syntax']);
      expect(r.grammar).toBe('735');
      expect(r.fflags).toEqual([
        'true',
        'DebugLuauUserDefinedClasses=true',
        'DebugLuauUserDefinedClassesRuntime=true',
      ]);
      expect(r.generated.modes).toEqual({ 'compile-O2': { ok: 3 } });
      expect(r.tools.map((t) => t.components.map((c) => c.component))).toEqual([
        ['Ast', 'Compiler', 'Bytecode', 'total'],
      ]);
    });

    it('refuses the old solver for typed programs of grammar 735, naming --checker', async () => {
      const { code, stderr } = await mainOutput([
        'coverage',
        '--build',
        build735,
        '--grammar',
        '735',
        '--level',
        'typed',
        '--count',
        '1',
      ]);
      expect(code).toBe(1);
      expect(stderr).toMatch(
        /^luau-fuzz: --checker must be 'new' for grammar 735: Luau 0.735 checks with the new solver only$/m,
      );
    });
  },
);
