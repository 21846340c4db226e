import { describe, expect, it } from 'vitest';
import { normalizeMessage } from '../../src/campaign/classify.js';
import {
  findingSignature,
  reproduces,
  runtimeGroups,
  triageFindings,
} from '../../src/campaign/triage.js';
import type { OutcomeStatus, ProgramOutcome } from '../../src/runtime/outcome.js';

const o = (status: OutcomeStatus, extra: Partial<ProgramOutcome> = {}): ProgramOutcome => ({
  id: '1',
  status,
  outputHash: 'h',
  output: '',
  timeMs: 1,
  ...extra,
});
const three = ['luau-cli:-O0', 'luau-cli:-O2', 'luau-cli:-O2:--codegen'];

describe('runtimeGroups', () => {
  it('groups runtimes by identical outcome, in runtime order', () => {
    const groups = runtimeGroups(three, [o('ok'), o('ok', { outputHash: 'x' }), o('ok')]);
    expect(groups.map((g) => g.runtimes)).toEqual([
      ['luau-cli:-O0', 'luau-cli:-O2:--codegen'],
      ['luau-cli:-O2'],
    ]);
    expect(groups[1]!.outputHash).toBe('x');
  });

  it('tells a crash apart by its signal', () => {
    const groups = runtimeGroups(three, [
      o('crash', { signal: 'SIGSEGV' }),
      o('crash', { signal: 'SIGABRT' }),
      o('ok'),
    ]);
    expect(groups).toHaveLength(3);
    expect(groups[0]).toMatchObject({ status: 'crash', signal: 'SIGSEGV' });
  });
});

describe('normalizeMessage', () => {
  it('drops positions, quoted text and numbers, and keeps the first line', () => {
    expect(normalizeMessage("./p17.luau:3: attempt to index nil with 'l4'\nstacktrace:\n")).toBe(
      "attempt to index nil with '…'",
    );
    expect(normalizeMessage('[string "program"]:12: value 3 out of range')).toBe(
      'value N out of range',
    );
    expect(normalizeMessage("/tmp/x/p2.luau:1:7: Expected identifier, got '='")).toBe(
      "Expected identifier, got '…'",
    );
  });
});

describe('findingSignature', () => {
  it('names how the runtimes split for a mismatch', () => {
    const s = findingSignature('mismatch', three, [o('ok'), o('ok', { outputHash: 'x' }), o('ok')]);
    expect(s).toBe('mismatch · luau-cli:-O0, luau-cli:-O2:--codegen: ok | luau-cli:-O2: ok');
  });

  it('is the same for copies of one error with different names and lines', () => {
    const a = findingSignature(
      'runtime-error',
      ['luau-web'],
      [o('runtime-error', { error: "p1.luau:3: attempt to call a nil value (global 'f1')" })],
    );
    const b = findingSignature(
      'runtime-error',
      ['luau-web'],
      [o('runtime-error', { error: "p9.luau:40: attempt to call a nil value (global 'g')" })],
    );
    expect(a).toBe(b);
    expect(a).toBe("runtime-error · luau-web · attempt to call a nil value (global '…')");
  });

  it('tells crashes apart by signal and by the runtime that crashed', () => {
    const two = ['luau-cli:-O0', 'luau-cli:-O2'];
    const segv0 = findingSignature('crash', two, [o('crash', { signal: 'SIGSEGV' }), o('ok')]);
    const segv1 = findingSignature('crash', two, [o('ok'), o('crash', { signal: 'SIGSEGV' })]);
    const abrt0 = findingSignature('crash', two, [o('crash', { signal: 'SIGABRT' }), o('ok')]);
    expect(new Set([segv0, segv1, abrt0]).size).toBe(3);
  });
});

describe('reproduces', () => {
  it('keeps a candidate with the same kind and signature only', () => {
    const segv = [o('crash', { signal: 'SIGSEGV' })];
    const one = ['luau-web'];
    expect(reproduces('syntax', 'crash', one, segv, [o('crash', { signal: 'SIGSEGV' })])).toBe(
      true,
    );
    expect(reproduces('syntax', 'crash', one, segv, [o('crash', { signal: 'SIGABRT' })])).toBe(
      false,
    );
    expect(reproduces('syntax', 'crash', one, segv, [o('ok')])).toBe(false);
  });

  it('refuses a candidate whose kind changed though its signature text did not', () => {
    // Both runtimes fail with the same message, but print different outputs before it: a
    // mismatch, whose runtime-error signature reads like the original's.
    const two = ['luau-cli:-O0', 'luau-cli:-O2'];
    const error = "p.luau:3: attempt to index nil with 'x'";
    const original = [o('runtime-error', { error }), o('runtime-error', { error })];
    const candidate = [
      o('runtime-error', { error }),
      o('runtime-error', { error, outputHash: 'other' }),
    ];
    expect(findingSignature('runtime-error', two, candidate)).toBe(
      findingSignature('runtime-error', two, original),
    );
    expect(reproduces('runnable', 'runtime-error', two, original, candidate)).toBe(false);
    expect(reproduces('runnable', 'runtime-error', two, original, [...original])).toBe(true);
  });

  it('does not let a mismatch drift to another split of the runtimes', () => {
    const original = [o('ok'), o('ok', { outputHash: 'x' }), o('ok')];
    expect(
      reproduces('runnable', 'mismatch', three, original, [
        o('ok', { outputHash: 'a' }),
        o('ok', { outputHash: 'b' }),
        o('ok', { outputHash: 'a' }),
      ]),
    ).toBe(true);
    expect(
      reproduces('runnable', 'mismatch', three, original, [
        o('ok'),
        o('ok'),
        o('ok', { outputHash: 'x' }),
      ]),
    ).toBe(false);
  });
});

describe('triageFindings', () => {
  it('makes one group per signature, the smallest program its representative', () => {
    const crash = [o('crash', { signal: 'SIGSEGV' })];
    const items = [
      { i: 0, nodes: 50, finding: 'crash' as const, outcomes: crash },
      { i: 1, nodes: 9, finding: 'crash' as const, outcomes: crash },
      { i: 2, nodes: 30, finding: 'runtime-error' as const, outcomes: [o('runtime-error')] },
      { i: 3, nodes: 9, finding: 'crash' as const, outcomes: crash },
    ];
    const groups = triageFindings(['luau-web'], items);
    expect(groups).toHaveLength(2);
    expect(groups[0]!.representative.i).toBe(1);
    expect(groups[0]!.others.map((x) => x.i)).toEqual([0, 3]);
    expect(groups[1]!.representative.i).toBe(2);
    expect(groups[1]!.others).toEqual([]);
  });
});
