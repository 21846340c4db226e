import { describe, expect, it } from 'vitest';
import { outputDifference } from '../../src/campaign/output-difference.js';
import type { RuntimeGroup } from '../../src/campaign/triage.js';

const group = (
  runtimes: string[],
  status: RuntimeGroup['status'],
  output: string,
): RuntimeGroup => ({
  runtimes,
  status,
  output,
  outputHash: output,
});

describe('outputDifference', () => {
  it('says that the outputs differ, at their first differing line', () => {
    expect(
      outputDifference([group(['A', 'C'], 'ok', 'x\ny = 1\nz'), group(['B'], 'ok', 'x\ny = 2\nz')]),
    ).toBe('outputs differ at line 2: A, C "y = 1" | B "y = 2"');
    expect(outputDifference([group(['A'], 'ok', 'x'), group(['B'], 'ok', 'x\nmore')])).toBe(
      'outputs differ at line 2: A (no line) | B "more"',
    );
  });

  it('says nothing when fewer than two groups ran the program (the statuses differ)', () => {
    expect(
      outputDifference([group(['A'], 'ok', 'x'), group(['B'], 'runtime-error', '')]),
    ).toBeUndefined();
  });
});
