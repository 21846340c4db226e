import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { judgeReport, parseChecker, typeCheck } from '../../src/campaign/index.js';
import { fakeCheckers } from '../helpers/fake-checkers.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

const planted = [
  'local l1: any = nil',
  'type t1 = "planted convert"',
  'if l1 then',
  '    local l2: number = "a"',
  'end',
].join('\n');

describe('parseChecker', () => {
  it('reads PATH[:flag…] and refuses a part that is no flag', () => {
    expect(parseChecker('/x/luau-analyze:--fflags=LuauSolverV2=true')).toEqual({
      path: '/x/luau-analyze',
      flags: ['--fflags=LuauSolverV2=true'],
    });
    expect(() => parseChecker('/x/luau-analyze:strict')).toThrow(/'strict' .* is not a flag/);
    expect(() => parseChecker('')).toThrow(/names no checker/);
  });
});

describe('judgeReport', () => {
  it('tells a missed planted error, an error on a clean line and a crash apart', () => {
    expect(judgeReport(planted, { status: 'ok', lines: [] }).kind).toBe('checker-missed');
    const atPlanted = 'd0/program.luau(4,5): TypeError: Expected this to be number';
    expect(judgeReport(planted, { status: 'error', lines: [atPlanted] }).kind).toBeUndefined();
    const extra = judgeReport('print(1)', {
      status: 'error',
      lines: ["d0/program.luau(1,1): TypeError: Unknown global 'x'"],
    });
    expect(extra).toMatchObject({
      kind: 'checker-false-positive',
      detail: "TypeError: Unknown global '…'",
    });
    expect(
      judgeReport('print(1)', { status: 'crash', lines: ['killed by SIGSEGV'] }),
    ).toMatchObject({
      kind: 'checker-crash',
      detail: 'killed by SIGSEGV',
    });
    expect(judgeReport('print(1)', { status: 'timeout', lines: [] }).detail).toBe('timeout');
  });
});

describe.skipIf(!haveLuauTools)('typeCheck', needsShared, () => {
  const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-checkers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const programs = [
    { program: planted },
    { program: 'local x: number = 1\nprint(x)' },
    { program: 'local m = require(module0)\nprint(m + 1)', module: 'return 5' },
  ];

  it('passes what luau-analyze 0.715 judges right, planted error and module included', async () => {
    const checks = await typeCheck(tools().luauAnalyze, programs, { timeoutMs: 10_000 });
    expect(checks.map((c) => c.kind)).toEqual([undefined, undefined, undefined]);
    expect(checks[0]!.output).toMatch(/program\.luau\(4,\d+\): TypeError/);
  });

  it('finds a checker that drops a diagnostic, crashes, or invents an error (real processes)', async () => {
    const fake = fakeCheckers(dir, tools().luauAnalyze);
    const kinds = async (spec: string) =>
      (await typeCheck(spec, programs, { timeoutMs: 10_000 })).map((c) => [c.kind, c.detail]);
    expect(await kinds(fake.drop)).toEqual([
      ['checker-missed', 'planted convert'],
      [undefined, ''],
      [undefined, ''],
    ]);
    // Split down to each program alone, every one crashes.
    expect(await kinds(fake.crash)).toEqual(
      programs.map(() => ['checker-crash', 'killed by SIGSEGV']),
    );
    expect((await kinds(fake.invent)).map(([k]) => k)).toEqual(
      programs.map(() => 'checker-false-positive'),
    );
  });
});
