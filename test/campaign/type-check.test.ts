import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkerCommand,
  diagnosticMessage,
  disagreement,
  judgeReport,
  parseChecker,
  typeCheck,
} from '../../src/campaign/index.js';
import { fakeCheckers } from '../helpers/fake-checkers.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';
import { needsShared, sharedDir } from '../helpers/shared.js';

const planted = [
  'local l1: any = nil',
  'type t1 = "planted convert"',
  'if l1 then',
  '    local l2: number = "a"',
  'end',
].join('\n');

describe('parseChecker', () => {
  it('reads PATH[:flag…][:mode,…] and refuses a part that is neither', () => {
    expect(parseChecker('/x/luau-analyze:--fflags=LuauSolverV2=true')).toEqual({
      path: '/x/luau-analyze',
      flags: ['--fflags=LuauSolverV2=true'],
      modes: [{ name: 'default', flags: [] }],
    });
    const both = parseChecker('/x/luau-analyze:old,new:all:--fflags=DebugLuauFoo=true');
    expect(both.modes.map((m) => m.name)).toEqual(['old', 'new', 'all']);
    expect(checkerCommand(both, 'new')).toEqual([
      '/x/luau-analyze',
      '--mode=strict',
      '-j1',
      '--fflags=LuauSolverV2=true',
      '--fflags=DebugLuauFoo=true',
    ]);
    expect(checkerCommand(both, 'all')).toContain('--fflags=true');
    expect(() => parseChecker('/x/luau-analyze:strict')).toThrow(
      /'strict' .* neither a flag .* nor a mode \(old, new, all\)/,
    );
    expect(() => parseChecker('/x/luau-analyze:old,toString')).toThrow(/'toString'/);
    expect(() => parseChecker('/x/luau-analyze:new:new')).toThrow(/mode 'new' twice/);
    expect(() => parseChecker('')).toThrow(/names no checker/);
  });
});

describe('disagreement', () => {
  const report = (...lines: string[]) => ({ status: 'error' as const, lines });
  it('compares the lines errors are at, not their wording, and names the first that differs', () => {
    const oldSays = report("d0/program.luau(4,5): TypeError: Type 'string' could not be converted");
    const newSays = report("d0/program.luau(4,9): TypeError: Expected this to be 'number'");
    expect(disagreement('old', oldSays, 'new', newSays)).toBeUndefined();
    const more = report(...newSays.lines, "d0/program.luau(2,1): TypeError: Unknown global 'x'");
    expect(disagreement('old', oldSays, 'new', more)).toBe(
      "old≠new: new only: TypeError: Unknown global '…'",
    );
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
    expect(judgeReport('print(1)', { status: 'timeout', lines: [] })).toMatchObject({
      kind: 'checker-timeout',
      detail: 'timeout',
    });
    const oom = [
      'killed by SIGABRT',
      "terminate called after throwing an instance of 'std::bad_alloc'",
    ];
    expect(judgeReport('print(1)', { status: 'crash', lines: oom })).toMatchObject({
      kind: 'checker-timeout',
      detail: 'out of memory',
    });
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
    expect(await kinds(fake.assert)).toEqual(
      programs.map(() => ['checker-crash', 'ASSERTION FAILED: !"level mismatch" (Unifier.cpp)']),
    );
  });

  it('finds a checker that answers one way, then another (checked twice)', async () => {
    const fake = fakeCheckers(mkdtempSync(join(dir, 'flaky-')), tools().luauAnalyze);
    const checks = await typeCheck(fake.flaky, programs, { timeoutMs: 10_000, twice: true });
    expect(checks.map((c) => c.kind)).toEqual(programs.map(() => 'checker-nondeterminism'));
    expect(checks[1]!.detail).toBe('first≠second: first only: TypeError: invented');
    const once = await typeCheck(fake.flaky, programs, { timeoutMs: 10_000 });
    expect(once.map((c) => c.kind)).not.toContain('checker-nondeterminism');
  });

  it('checks in several modes and names the mode of a finding: the new solver of 0.715 rejects what the old accepts', async () => {
    const pcallError = 'local ok, e = pcall(error, 2 // 0, 0)\nprint(ok, e)';
    const spec = `${tools().luauAnalyze}:old,new`;
    const [check] = await typeCheck(spec, [{ program: pcallError }], { timeoutMs: 10_000 });
    expect(check).toMatchObject({
      kind: 'checker-false-positive',
      mode: 'new',
      detail: "TypeError: Expected this to be '…', but got '…'",
    });
    const [old] = await typeCheck(`${tools().luauAnalyze}:old`, [{ program: pcallError }], {
      timeoutMs: 10_000,
      twice: true,
    });
    expect(old).toEqual({ detail: '', output: '' });
  });
});

const analyze735 = join(sharedDir, 'tools', 'luau-735', 'luau-analyze');

describe.skipIf(!existsSync(analyze735))('whole diagnostics', needsShared, () => {
  it("keep 0.735's types and explanation on their lines, so two causes are two details", async () => {
    const field = 'local t: {n0: number} = {n0 = 1}\nlocal y: {n0: string} = t\nprint(y)';
    const param =
      'local f: (number) -> string = function(x: number) return "" end\n' +
      'local g: (string) -> string = f\nprint(g)';
    const checks = await typeCheck(`${analyze735}:new`, [{ program: field }, { program: param }], {
      timeoutMs: 20_000,
    });
    expect(checks[0]!.output).toContain("\n\t'{ n0: number }'; \n");
    expect(checks.map((c) => [c.kind, c.detail])).toEqual([
      [
        'checker-false-positive',
        "TypeError: Expected this to be '…' but got '…'; Expected property `…` to be exactly `…`, but got `…`",
      ],
      [
        'checker-false-positive',
        "TypeError: Expected this to be '…' but got '…'; Expected the Nst parameter to be a supertype of `…`, but got `…`",
      ],
    ]);
  });

  it('read a message to its end and no further', () => {
    const d =
      "d0/program.luau(3,7): TypeError: Expected this to be\n\t'string'\nbut got\n\t'number'";
    expect(diagnosticMessage(d)).toBe("TypeError: Expected this to be '…' but got '…'");
    expect(diagnosticMessage('d0/program.luau(3,7): TypeError: a `l4` b')).toBe(
      'TypeError: a `…` b',
    );
  });
});
