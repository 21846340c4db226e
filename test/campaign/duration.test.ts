import { describe, expect, it } from 'vitest';
import { durationMs } from '../../src/campaign/duration.js';

describe('durationMs', () => {
  it('reads units, sums of them and bare seconds', () => {
    expect(durationMs('--duration', '10m')).toBe(600_000);
    expect(durationMs('--duration', '1h30m')).toBe(5_400_000);
    expect(durationMs('--duration', '90s')).toBe(90_000);
    expect(durationMs('--duration', '1.5s')).toBe(1500);
    expect(durationMs('--duration', '250ms')).toBe(250);
    expect(durationMs('--duration', '45')).toBe(45_000);
  });

  it('refuses what is not a time, naming the flag', () => {
    for (const bad of ['', 'ten', '10 m', '10x', '5m3', '0s', '-5s'])
      expect(() => durationMs('--duration', bad), bad).toThrow(/^--duration /);
  });
});
