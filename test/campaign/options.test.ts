import { describe, expect, it } from 'vitest';
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
});
