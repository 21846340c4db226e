import { describe, expect, it } from 'vitest';
import { isCi, onPath, required } from './required.js';

describe('required', () => {
  it('skips a missing capability outside CI and fails naming it under CI', () => {
    expect(required('chromium on the PATH', true, true)).toBe(true);
    expect(required('chromium on the PATH', false, false)).toBe(false);
    expect(() => required('chromium on the PATH', false, true)).toThrow(
      /chromium on the PATH is missing: under CI it is required/,
    );
  });

  it('reads CI as CI providers set it', () => {
    expect([{}, { CI: '' }, { CI: 'false' }, { CI: '0' }].map(isCi)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([{ CI: 'true' }, { CI: '1' }, { CI: 'TRUE' }].map(isCi)).toEqual([true, true, true]);
  });
});

describe('onPath', () => {
  it('finds an executable on the PATH by name, and nothing for a name that is not there', () => {
    expect(onPath('sh')).toMatch(/^\/.*\/sh$/);
    expect(onPath('no-such-command-luau-fuzz')).toBeUndefined();
  });
});
