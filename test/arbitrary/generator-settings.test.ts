import { describe, expect, it } from 'vitest';
import {
  arbitraryOptionsOf,
  generatorSettings,
  OptionError,
  readGeneratorSettings,
} from '../../src/arbitrary/index.js';

describe('generatorSettings', () => {
  it('fills in the limits and names the bad field in an OptionError', () => {
    expect(
      generatorSettings({ seed: 3, level: 'scoped', profile: 'luau', maxNodes: null }),
    ).toEqual({
      seed: 3,
      level: 'scoped',
      grammar: '715',
      profile: 'luau',
      maxNodes: null,
      maxDepth: null,
      maxStatements: null,
      types: true,
      plantedErrors: null,
    });
    const bad = (): unknown =>
      generatorSettings({
        seed: 3,
        level: 'runnable',
        profile: 'luau',
        maxNodes: null,
        maxDepth: 65,
      });
    expect(bad).toThrow(OptionError);
    expect(bad).toThrow(expect.objectContaining({ option: 'maxDepth' }));
    expect(() =>
      generatorSettings({ seed: 1.5, level: 'syntax', profile: 'luau', maxNodes: null }),
    ).toThrow(expect.objectContaining({ option: 'seed', reason: 'must be an integer, got 1.5' }));
  });

  it('gives the arbitraries only the limits that are set', () => {
    expect(
      arbitraryOptionsOf({ level: 'typed', profile: 'luau', maxNodes: 90, maxDepth: null }),
    ).toEqual({ level: 'typed', profile: 'luau', maxNodes: 90 });
  });
});

describe('readGeneratorSettings', () => {
  it('reads a record of a campaign older than the grammar, depth, statement, type and planted-error settings', () => {
    const old = { seed: 9, level: 'runnable', profile: 'luau-web', maxNodes: null, count: 5 };
    expect(readGeneratorSettings(old, 'c/options.json')).toEqual({
      seed: 9,
      level: 'runnable',
      grammar: '715',
      profile: 'luau-web',
      maxNodes: null,
      maxDepth: null,
      maxStatements: null,
      types: true,
      plantedErrors: null,
    });
  });

  it('names the file and the field of a bad record', () => {
    const read = (record: unknown) => () => readGeneratorSettings(record, 'c/options.json');
    expect(read({ seed: 9, level: 'perfect', profile: 'luau' })).toThrow(
      /^c\/options\.json: level must be one of schema, .*, got "perfect"$/,
    );
    expect(read({ seed: 9, level: 'syntax', profile: 'luau', maxDepth: 0 })).toThrow(
      expect.objectContaining({
        option: 'maxDepth',
        message: 'c/options.json: maxDepth must be an integer ≥ 1, got 0',
      }),
    );
    expect(read(null)).toThrow(/c\/options\.json: seed must be an integer, got nothing/);
    expect(read({ seed: 9, level: 'syntax', grammar: '0.999', profile: 'luau' })).toThrow(
      /^c\/options\.json: grammar must be one of 715, 735, got "0\.999"$/,
    );
  });
});
