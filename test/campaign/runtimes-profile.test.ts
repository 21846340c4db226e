import { describe, expect, it } from 'vitest';
import { profileOfRuntimes } from '../../src/campaign/index.js';

describe('profileOfRuntimes', () => {
  it('is luau-web while a runtime is luau-web (or none is given), else luau', () => {
    expect(profileOfRuntimes([])).toBe('luau-web');
    expect(profileOfRuntimes(['luau-web'])).toBe('luau-web');
    expect(profileOfRuntimes(['luau-cli:-O2', 'luau-web'])).toBe('luau-web');
    expect(profileOfRuntimes(['luau-cli:-O0:path=/opt/luau', 'luau-cli:-O2:--codegen'])).toBe(
      'luau',
    );
    expect(profileOfRuntimes(['command:./my-luau {program}'])).toBe('luau');
  });
});
