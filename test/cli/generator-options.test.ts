import { describe, expect, it } from 'vitest';
import { generatorOptions } from '../../src/cli/generator-options.js';
import { mainOutput } from '../helpers/cli-in-process.js';

const below =
  "--planted-errors applies only at the typed level (its programs are type-checked), not at level 'runnable'";

describe('generatorOptions', () => {
  it('refuses --planted-errors below the typed level, naming the flag and the level', () => {
    expect(() =>
      generatorOptions({ level: 'runnable', profile: 'luau', types: true, plantedErrors: 10 }),
    ).toThrow(below);
    expect(
      generatorOptions({ level: 'typed', profile: 'luau', types: true, plantedErrors: 10 }),
    ).toMatchObject({ plantedErrors: 10 });
  });

  it.each([['gen', '--out', '-'], ['check']])(
    '`%s` refuses --planted-errors below the typed level with exit 1',
    async (...command) => {
      const r = await mainOutput([
        ...command,
        '--level',
        'runnable',
        '--planted-errors',
        '10',
        '--count',
        '1',
      ]);
      expect(r).toMatchObject({ code: 1, stdout: '', stderr: `luau-fuzz: ${below}\n` });
    },
  );
});
