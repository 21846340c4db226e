import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../src/format/index.js';

describe('withDefaults', () => {
  const defaults = { retries: 4, timeoutMs: 30_000, name: 'a' };

  it('takes each field given, and the default of each field absent or undefined', () => {
    expect(withDefaults({ timeoutMs: 5, retries: undefined }, defaults)).toEqual({
      retries: 4,
      timeoutMs: 5,
      name: 'a',
    });
  });

  it('keeps given values that are false-like (0, empty string), as `??` does', () => {
    expect(withDefaults({ retries: 0, name: '' }, defaults)).toEqual({
      retries: 0,
      timeoutMs: 30_000,
      name: '',
    });
  });

  it('gives only the fields of the defaults, and leaves both inputs as they were', () => {
    const given = { retries: 1, other: true };
    const out = withDefaults(given, defaults);
    expect(Object.keys(out).sort()).toEqual(['name', 'retries', 'timeoutMs']);
    expect(given).toEqual({ retries: 1, other: true });
    expect(defaults).toEqual({ retries: 4, timeoutMs: 30_000, name: 'a' });
  });
});
