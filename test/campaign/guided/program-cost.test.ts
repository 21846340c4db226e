import { describe, expect, it } from 'vitest';
import { processCost, programCost } from '../../../src/campaign/guided/index.js';

describe('programCost', () => {
  it("is the program's text and its module's, and the process's start", () => {
    expect(programCost({ program: '' })).toBe(processCost);
    expect(programCost({ program: 'print(1)' })).toBe(processCost + 8);
    expect(programCost({ program: 'print(1)', module: 'return 1' })).toBe(processCost + 16);
    // A program eight times as long costs more, though not eight times as much.
    const fresh = programCost({ program: 'x'.repeat(2200) });
    const grown = programCost({ program: 'x'.repeat(8 * 2200) });
    expect(grown / fresh).toBeGreaterThan(3);
    expect(grown / fresh).toBeLessThan(8);
  });
});
