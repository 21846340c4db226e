import { describe, expect, it } from 'vitest';
import { arbitraryOptionsOf, GENERATOR_VERSION } from '../../src/arbitrary/index.js';
import { CampaignOptionsError, resolveCampaignOptions } from '../../src/campaign/options.js';
import { RuntimeSpecError } from '../../src/runtime/profile.js';

describe('resolveCampaignOptions', () => {
  it('fills in the defaults', () => {
    const o = resolveCampaignOptions({ seed: 5 });
    expect(o).toMatchObject({
      count: 1000,
      seed: 5,
      level: 'runnable',
      profile: 'luau-web',
      runtimes: ['luau-web'],
      batchSize: 1000,
    });
  });

  it('takes the profile its runtimes all take unless one is given', () => {
    const cli = ['luau-cli:-O0', 'luau-cli:-O2'];
    expect(resolveCampaignOptions({ runtimes: cli }).profile).toBe('luau');
    expect(resolveCampaignOptions({ runtimes: ['command:cat {program}'] }).profile).toBe('luau');
    expect(resolveCampaignOptions({ runtimes: ['luau-web', ...cli] }).profile).toBe('luau-web');
    expect(resolveCampaignOptions({ runtimes: cli, profile: 'luau-web' }).profile).toBe('luau-web');
    const guided = { coverage: 'luau-cli:-O2', corpora: [], mutationShare: 0, stepSize: 50 };
    expect(resolveCampaignOptions({ runtimes: cli, guided }).profile).toBe('luau');
    // The programs of a guided campaign also run in luau-web, its default runtime.
    expect(resolveCampaignOptions({ guided }).profile).toBe('luau-web');
  });

  it('takes three runtimes for a differential campaign', () => {
    const runtimes = ['luau-cli:-O0', 'luau-cli:-O2', 'luau-cli:-O2:--codegen'];
    expect(resolveCampaignOptions({ runtimes }).runtimes).toEqual(runtimes);
  });

  it('rejects values out of range and bad runtimes', () => {
    expect(() => resolveCampaignOptions({ count: 0 })).toThrow(CampaignOptionsError);
    expect(() => resolveCampaignOptions({ runtimes: [] })).toThrow(CampaignOptionsError);
    expect(() => resolveCampaignOptions({ runtimes: ['luau-web', 'luau-cli', 'c'] })).toThrow(
      RuntimeSpecError,
    );
    expect(() => resolveCampaignOptions({ runtimes: ['lua'] })).toThrow(RuntimeSpecError);
    expect(() => resolveCampaignOptions({ payloadLimit: 100 })).toThrow(/payloadLimit/);
  });

  it('takes the generator limits and records the generator version', () => {
    const o = resolveCampaignOptions({ maxDepth: 4, maxStatements: 3, types: false });
    expect(o).toMatchObject({ maxDepth: 4, maxStatements: 3, types: false });
    expect(o.generatorVersion).toBe(GENERATOR_VERSION);
    expect(resolveCampaignOptions()).toMatchObject({
      maxDepth: null,
      maxStatements: null,
      types: true,
    });
    expect(arbitraryOptionsOf(o)).toEqual({
      level: 'runnable',
      profile: 'luau-web',
      types: false,
      maxDepth: 4,
      maxStatements: 3,
    });
    expect(() => resolveCampaignOptions({ maxStatements: 0 })).toThrow(
      /^maxStatements must be an integer ≥ 1, got 0$/,
    );
    // The arbitraries' own limit, in the campaign's words.
    expect(() => resolveCampaignOptions({ maxDepth: 65 })).toThrow(
      /^maxDepth must be at most 64 above the schema level/,
    );
  });
});
