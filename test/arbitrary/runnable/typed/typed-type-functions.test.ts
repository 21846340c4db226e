import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgeStrict } from '../../../../src/arbitrary/index.js';
import { diagnosticLine, isErrorDiagnostic, typeCheck } from '../../../../src/campaign/index.js';
import type { LuauBatchProgram } from '../../../../src/runtime/index.js';
import { samplePrograms } from '../../../helpers/batch-programs.js';
import { runAlike, runInModes } from '../../../helpers/known-divergences.js';
import { needsShared, sharedDir } from '../../../helpers/shared.js';

const analyze715 = join(sharedDir, 'tools', 'luau-715', 'luau-analyze');
/** 0.715's checker with the new solver. */
const checker = `${analyze715}:new`;

const typed = (checkerName: 'old' | 'new', plantedErrors: number, seed: number, count: number) =>
  samplePrograms(
    { level: 'typed', profile: 'luau', checker: checkerName, plantedErrors },
    seed,
    count,
  );

/**
 * The lines of each type function of a program, from `type function t<k>` to its `end`, and
 * the two lines after it (the local annotated with its use and its print).
 */
function typeFunctionLines(source: string): Set<number> {
  const lines = source.split('\n');
  const inside = new Set<number>();
  lines.forEach((line, i) => {
    const m = /^(\s*)type function t\d+\(/.exec(line);
    if (m === null) return;
    let j = i + 1;
    while (j < lines.length && lines[j] !== `${m[1]!}end`) j++;
    for (let k = i; k <= Math.min(j + 2, lines.length - 1); k++) inside.add(k + 1);
  });
  return inside;
}

describe('user-defined type functions of typed programs', () => {
  it('are declared for the new solver only, reading and building types through the runtime', () => {
    const withFunctions = (p: LuauBatchProgram) => /^\s*type function t\d+\(/m.test(p.program);
    expect(typed('old', 40, 1, 150).filter(withFunctions)).toEqual([]);
    const text = typed('new', 0, 2, 300)
      .filter(withFunctions)
      .map((p) => p.program)
      .join('\n');
    for (const form of [
      /types\.optional\(l\d+\)/,
      /l\d+\["is"\]\(l\d+, "\w+"\)/,
      /l\d+\["properties"\]\(l\d+\)/,
      /types\.newfunction\(\{\["head"\] = \{l\d+\}\}/,
      /l\d+\["setindexer"\]\(l\d+, types\.string, types\.number\)/,
      /l\d+\["setgenerics"\]\(l\d+, \{l\d+, l\d+\}\)/,
      /types\.copy\(l\d+\) == l\d+/,
      /local l\d+: t\d+<.+> = l\d+$/m,
    ])
      expect(text).toMatch(form);
  });
});

describe.runIf(existsSync(analyze715))(
  "user-defined type functions on 0.715's new solver",
  needsShared,
  () => {
    it('check clean in strict mode and run alike at every level of optimisation', async () => {
      const programs = typed('new', 0, 5, 400).filter((p) =>
        /^\s*type function t\d+\(/m.test(p.program),
      );
      expect(programs.length).toBeGreaterThan(30);
      const checks = await typeCheck(checker, programs, { timeoutMs: 30_000 });
      const errors: string[] = [];
      checks.forEach((c, k) => {
        const source = programs[k]!.program;
        const forms = typeFunctionLines(source);
        for (const l of c.output.split('\n').filter(isErrorDiagnostic))
          if (forms.has(diagnosticLine(l))) errors.push(`#${k}: ${l}`);
      });
      expect(errors).toEqual([]);
      const outcomes = await runInModes('0.715', programs);
      expect(outcomes.filter((o) => !runAlike(o)).length).toBe(0);
    }, 300_000);

    it('report each planted error of a type function at its line', async () => {
      const programs = typed('new', 100, 3, 400).filter((p) =>
        /"planted type-function-/.test(p.program),
      );
      const checks = await typeCheck(checker, programs, { timeoutMs: 30_000 });
      const kinds = new Map<string, number>();
      const wrong: string[] = [];
      checks.forEach((c, k) => {
        const lines = c.output.split('\n').filter(isErrorDiagnostic).map(diagnosticLine);
        const v = judgeStrict(programs[k]!.program, lines);
        const kind = v.planted!.kind;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        // Reported in the planted statement; nothing in the type function's own lines.
        const forms = typeFunctionLines(programs[k]!.program);
        if (v.verdict === 'missed' || v.extra.some((l) => forms.has(l)))
          wrong.push(`#${k} ${kind}: ${v.verdict}\n${c.output}`);
      });
      expect([...kinds.keys()].sort()).toEqual([
        'type-function-arity',
        'type-function-error',
        'type-function-non-type',
        'type-function-result',
      ]);
      expect(wrong).toEqual([]);
    }, 300_000);
  },
);
