import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../src/workspace/server/index.js';

describe('defaultDataDir', () => {
  it('is $XDG_DATA_HOME/luau-fuzz/workspace, else ~/.local/share/luau-fuzz/workspace', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '/data/x' })).toBe('/data/x/luau-fuzz/workspace');
    const fallback = join(homedir(), '.local', 'share', 'luau-fuzz', 'workspace');
    expect(defaultDataDir({})).toBe(fallback);
    expect(defaultDataDir({ XDG_DATA_HOME: '' })).toBe(fallback);
  });
});
