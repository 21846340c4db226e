import { describe, expect, it } from 'vitest';
import { defaultOut } from '../../src/cli/run.js';

describe('defaultOut', () => {
  it('is luau-fuzz-runs/<UTC time to the second>, a name every file system takes', () => {
    const before = new Date().toISOString().slice(0, 19);
    const dir = defaultOut();
    expect(dir).toMatch(/^luau-fuzz-runs\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d$/);
    const time = dir.slice('luau-fuzz-runs/'.length).replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3');
    expect(time >= before).toBe(true);
  });
});
