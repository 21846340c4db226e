import { describe, expect, it } from 'vitest';
import {
  anyDiffer,
  classifyOutcomes,
  crashSignature,
  outcomesDiffer,
} from '../../src/campaign/classify.js';
import type { OutcomeStatus, ProgramOutcome } from '../../src/runtime/outcome.js';

const o = (status: OutcomeStatus, extra: Partial<ProgramOutcome> = {}): ProgramOutcome => ({
  id: '1',
  status,
  outputHash: 'h',
  output: '',
  timeMs: 1,
  ...extra,
});

describe('classifyOutcomes', () => {
  it('counts a crash at every level', () => {
    for (const level of ['schema', 'syntax', 'scoped', 'runnable', 'typed'] as const) {
      expect(classifyOutcomes(level, [o('crash')])).toBe('crash');
    }
  });

  it('counts runtime errors and timeouts only where programs must run', () => {
    expect(classifyOutcomes('scoped', [o('runtime-error')])).toBeUndefined();
    expect(classifyOutcomes('scoped', [o('timeout')])).toBeUndefined();
    expect(classifyOutcomes('runnable', [o('runtime-error')])).toBe('runtime-error');
    expect(classifyOutcomes('typed', [o('timeout')])).toBe('timeout');
  });

  it('counts compile errors from the scoped level on', () => {
    expect(classifyOutcomes('syntax', [o('compile-error')])).toBeUndefined();
    expect(classifyOutcomes('scoped', [o('compile-error')])).toBe('compile-error');
  });

  it('flags a difference between two runtimes as a mismatch', () => {
    expect(classifyOutcomes('syntax', [o('ok'), o('ok')])).toBeUndefined();
    expect(classifyOutcomes('syntax', [o('ok'), o('ok', { outputHash: 'other' })])).toBe(
      'mismatch',
    );
    expect(classifyOutcomes('syntax', [o('ok'), o('runtime-error')])).toBe('mismatch');
  });

  it('compares three or more runtimes pairwise', () => {
    expect(classifyOutcomes('runnable', [o('ok'), o('ok'), o('ok')])).toBeUndefined();
    expect(classifyOutcomes('runnable', [o('ok'), o('ok', { outputHash: 'x' }), o('ok')])).toBe(
      'mismatch',
    );
    expect(classifyOutcomes('runnable', [o('ok'), o('ok'), o('runtime-error')])).toBe('mismatch');
  });
});

describe('outcomesDiffer', () => {
  it('compares error/no-error and output, not which error', () => {
    expect(outcomesDiffer(o('runtime-error'), o('compile-error'))).toBe(false);
    expect(
      outcomesDiffer(
        o('runtime-error', { outputHash: 'a' }),
        o('runtime-error', { outputHash: 'b' }),
      ),
    ).toBe(true);
  });

  it('does not compare a timeout', () => {
    expect(outcomesDiffer(o('timeout'), o('ok', { outputHash: 'x' }))).toBe(false);
  });
});

describe('anyDiffer', () => {
  it('finds the one runtime of three that disagrees', () => {
    const same = [o('ok'), o('ok'), o('ok')];
    expect(anyDiffer(same)).toBe(false);
    expect(anyDiffer([o('ok'), o('ok'), o('ok', { outputHash: 'x' })])).toBe(true);
    expect(anyDiffer([o('ok'), o('timeout'), o('ok')])).toBe(false);
  });
});

describe('crashSignature', () => {
  it('uses the signal, else the message without numbers', () => {
    expect(crashSignature([o('crash', { signal: 'SIGSEGV' })])).toBe('SIGSEGV');
    expect(crashSignature([o('crash', { error: 'Aborted(OOM at 17960960)' })])).toBe(
      'Aborted(OOM at N)',
    );
    expect(crashSignature([o('ok')])).toBeUndefined();
  });
});
