import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { componentOf } from '../../src/coverage/coverage-summary.js';
import {
  coverageBuild,
  measureEngineCoverage,
  type ComponentCoverage,
  type EngineCoverage,
} from '../../src/coverage/index.js';
import { coverageBuildDir, haveCoverageBuild, llvmTools } from '../helpers/coverage-build.js';
import { needsShared } from '../helpers/shared.js';

const kept = mkdtempSync(join(tmpdir(), 'engine-coverage-'));
afterAll(() => rmSync(kept, { recursive: true, force: true }));

/** Per component (or `total`), what `llvm-cov export -summary-only` gives for a profile. */
function summed(
  profile: string,
): (component: string, kind: 'lines' | 'branches') => { covered: number; count: number } {
  const json = JSON.parse(
    execFileSync(
      llvmTools().cov,
      ['export', '-summary-only', '-instr-profile', profile, join(coverageBuildDir, 'luau')],
      { encoding: 'utf8', maxBuffer: 1 << 28 },
    ),
  ) as {
    data: {
      files: {
        filename: string;
        summary: Record<'lines' | 'branches', { covered: number; count: number }>;
      }[];
    }[];
  };
  const components = ['Ast', 'Compiler', 'VM', 'CodeGen'];
  return (component, kind) => {
    const out = { covered: 0, count: 0 };
    for (const f of json.data[0]!.files) {
      const of = componentOf(f.filename);
      if (component === 'total' ? !components.includes(of) : of !== component) continue;
      out.covered += f.summary[kind].covered;
      out.count += f.summary[kind].count;
    }
    return out;
  };
}

function component(report: EngineCoverage, tool: string, name: string): ComponentCoverage {
  const found = report.tools
    .find((t) => t.tool === tool)
    ?.components.find((c) => c.component === name);
  if (found === undefined) throw new Error(`no ${tool} ${name} in the report`);
  return found;
}

describe.skipIf(!haveCoverageBuild)('measureEngineCoverage', needsShared, () => {
  it('finds the VM code that string.format %q reaches and a plain print does not, and the CodeGen code of a loop under --codegen', async () => {
    const build = coverageBuild(coverageBuildDir, ['luau']);
    const report = await measureEngineCoverage({
      build,
      llvm: llvmTools(),
      modes: ['run-O0', 'run-O2-codegen'],
      generated: [
        { program: 'print(string.format("%q", "a\\nb\\0c"))' },
        { program: 'local s = 0\nfor i = 1, 100 do s += i * 2 end\nprint(s)' },
      ],
      compared: [{ program: 'print("x")' }],
      keepProfiles: kept,
    });
    expect(report.generated).toEqual({
      programs: 2,
      modes: { 'run-O0': { ok: 2 }, 'run-O2-codegen': { ok: 2 } },
    });
    expect(report.tools.map((t) => t.tool)).toEqual(['luau']);
    expect(report.tools[0]!.components.map((c) => c.component)).toEqual([
      'Ast',
      'Compiler',
      'VM',
      'CodeGen',
      'total',
    ]);
    const vm = component(report, 'luau', 'VM').lines;
    // The %q quoting of lstrlib.cpp, the numeric for loop, integer formatting: only the first set.
    expect(vm.onlyGenerated).toBeGreaterThan(20);
    expect(vm.generated).toBeGreaterThan(vm.compared!);
    const codegen = component(report, 'luau', 'CodeGen').lines;
    expect(codegen.onlyGenerated).toBeGreaterThan(20);
    // The figures computed apart from the report: the two sets' profiles merged here, and
    // llvm-cov's summary of each file added up per component.
    const merged = join(kept, 'both.profdata');
    const profiles = ['generated', 'compared'].map((set) => join(kept, `${set}-luau.profdata`));
    execFileSync(llvmTools().profdata, ['merge', '-sparse', ...profiles, '-o', merged]);
    const [g, c, u] = [summed(profiles[0]!), summed(profiles[1]!), summed(merged)];
    for (const comp of report.tools[0]!.components)
      for (const kind of ['lines', 'branches'] as const) {
        const [gk, ck, uk] = [g, c, u].map((s) => s(comp.component, kind));
        expect({ component: comp.component, kind, ...comp[kind] }).toEqual({
          component: comp.component,
          kind,
          count: uk!.count,
          generated: gk!.covered,
          compared: ck!.covered,
          union: uk!.covered,
          onlyGenerated: uk!.covered - ck!.covered,
          onlyCompared: uk!.covered - gk!.covered,
        });
      }
    // Lines both sets cover are counted once: the union is less than the two added.
    expect(u('VM', 'lines').covered).toBeLessThan(
      g('VM', 'lines').covered + c('VM', 'lines').covered,
    );
    const total = component(report, 'luau', 'total').lines;
    expect(total.generated).toBe(
      ['Ast', 'Compiler', 'VM', 'CodeGen']
        .map((n) => component(report, 'luau', n).lines.generated)
        .reduce((a, b) => a + b),
    );
  });

  it('counts a crashing program as such and still counts the coverage of the others in its batch', async () => {
    const build = coverageBuild(coverageBuildDir, ['luau-compile']);
    // A parameter annotated `integer` trips an assertion of luau-compile 0.715's text listing.
    const crashing = { program: 'local function f(a: integer) return a end\nprint(f)' };
    const report = await measureEngineCoverage({
      build,
      llvm: llvmTools(),
      modes: ['compile-O2'],
      generated: [{ program: 'local t = {1, 2}\nprint(#t)' }, crashing, { program: 'local = 1' }],
    });
    expect(report.generated.modes['compile-O2']).toEqual({ ok: 1, crash: 1, error: 1 });
    expect(component(report, 'luau-compile', 'Compiler').lines.generated).toBeGreaterThan(100);
  });

  it('runs a program with a module, and type-checks it with the module resolved', async () => {
    const build = coverageBuild(coverageBuildDir, ['luau', 'luau-analyze']);
    const program = 'local m = require(module0)\nlocal n: number = m + 1\nprint(n)';
    const report = await measureEngineCoverage({
      build,
      llvm: llvmTools(),
      modes: ['run-O0', 'analyze-strict'],
      generated: [{ program, module: 'return 5' }],
    });
    // The checker sees the module's names as locals: no unknown global, `m` is a number.
    expect(report.generated.modes).toEqual({ 'run-O0': { ok: 1 }, 'analyze-strict': { ok: 1 } });
    expect(component(report, 'luau-analyze', 'Analysis').lines.generated).toBeGreaterThan(1000);
  });
});
