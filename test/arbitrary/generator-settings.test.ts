import { describe, expect, it } from 'vitest';
import {
  arbitraryOptionsOf,
  generatorSettingTable,
  OptionError,
  readGeneratorSettings,
  resolveGeneratorSettings,
  type GivenGeneratorSettings,
} from '../../src/arbitrary/index.js';
import { FormatError } from '../../src/format/index.js';

const resolve = (given: GivenGeneratorSettings) =>
  resolveGeneratorSettings(generatorSettingTable, given);

describe('resolveGeneratorSettings', () => {
  it('fills in every setting and names the bad one in an OptionError', () => {
    expect(resolve({ seed: 3, level: 'scoped' })).toEqual({
      seed: 3,
      level: 'scoped',
      grammar: '715',
      profile: 'luau',
      maxNodes: null,
      maxDepth: null,
      maxStatements: null,
      types: true,
      plantedErrors: null,
      checker: 'old',
    });
    const bad = (): unknown => resolve({ seed: 3, level: 'runnable', maxDepth: 65 });
    expect(bad).toThrow(OptionError);
    expect(bad).toThrow(expect.objectContaining({ option: 'maxDepth' }));
    expect(() => resolve({ seed: 1.5 })).toThrow(
      expect.objectContaining({ option: 'seed', reason: 'must be an integer, got 1.5' }),
    );
    expect(() => resolve({ maxStatements: 0 })).toThrow(
      expect.objectContaining({ option: 'maxStatements', reason: 'must be an integer ≥ 1, got 0' }),
    );
  });

  it('decides a seed when none is given, and keeps the one given', () => {
    const seeds = new Set(Array.from({ length: 8 }, () => resolve({}).seed));
    expect(seeds.size).toBeGreaterThan(1);
    for (const seed of seeds) expect(Number.isInteger(seed) && seed >= 0).toBe(true);
    expect(resolve({ seed: 0 }).seed).toBe(0);
  });

  it("refuses the old solver for typed programs of grammar 735, as the generator's OptionError", () => {
    expect(() => resolve({ grammar: '735', level: 'typed' })).toThrow(
      expect.objectContaining({ option: 'checker', name: 'OptionError' }),
    );
    expect(resolve({ grammar: '735', level: 'typed', checker: 'new' }).checker).toBe('new');
    expect(resolve({ grammar: '735', level: 'syntax' }).grammar).toBe('735');
  });

  it('gives the arbitraries only the settings that are set, and no grammar for the default one', () => {
    expect(
      arbitraryOptionsOf({ level: 'typed', profile: 'luau', maxNodes: 90, maxDepth: null }),
    ).toEqual({ level: 'typed', profile: 'luau', maxNodes: 90 });
    expect(arbitraryOptionsOf(resolve({ seed: 1, level: 'syntax' }))).toEqual({
      level: 'syntax',
      profile: 'luau',
    });
    expect(arbitraryOptionsOf({ grammar: '735' })).toEqual({ grammar: '735' });
  });
});

describe('readGeneratorSettings', () => {
  it('reads a record older than the depth, statement, type, planted-error and grammar settings', () => {
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
      checker: 'old',
    });
  });

  it('names the file and the field of a bad record', () => {
    const read = (record: unknown) => () => readGeneratorSettings(record, 'c/options.json');
    expect(read({ seed: 9, level: 'perfect', profile: 'luau' })).toThrow(FormatError);
    expect(read({ seed: 9, level: 'perfect', profile: 'luau' })).toThrow(
      /^c\/options\.json: field 'level' must be one of "schema", .*"typed"$/,
    );
    expect(read({ seed: 9, level: 'syntax', profile: 'luau', maxDepth: 0 })).toThrow(
      /^c\/options\.json: field 'maxDepth' /,
    );
    expect(read({ seed: 9, level: 'runnable', profile: 'luau', maxDepth: 65 })).toThrow(
      expect.objectContaining({
        option: 'maxDepth',
        message: expect.stringMatching(/^c\/options\.json: maxDepth must be at most 64/),
      }),
    );
    expect(read(null)).toThrow(/^c\/options\.json: must be object/);
    expect(read({ level: 'syntax', profile: 'luau' })).toThrow(
      "c/options.json: field 'seed' is missing",
    );
  });
});
