import { describe, expect, it } from 'vitest';
import { CampaignOptionsError, resolveCampaignOptions } from '../../src/campaign/options.js';

const on735 = ['luau-735:path=/opt/luau-735/luau:-O0', 'luau-735:path=/opt/luau-735/luau:-O2'];

describe('the grammar of a campaign', () => {
  it('follows the runtimes at the levels it is generated at, else is the seed’s', () => {
    expect(resolveCampaignOptions({ level: 'syntax', runtimes: on735 }).grammar).toBe('735');
    const guided = { coverage: on735[0]!, corpora: [], mutationShare: 0, stepSize: 50 };
    expect(resolveCampaignOptions({ level: 'schema', runtimes: on735, guided }).grammar).toBe(
      '735',
    );
    expect(resolveCampaignOptions({ runtimes: on735 }).grammar).toBe('735');
    // Typed programs of grammar 735 are for the new solver: with the old, 715 programs.
    expect(resolveCampaignOptions({ level: 'typed', runtimes: on735 }).grammar).toBe('715');
    expect(
      resolveCampaignOptions({ level: 'typed', checker: 'new', runtimes: on735 }).grammar,
    ).toBe('735');
    expect(resolveCampaignOptions({ level: 'syntax', runtimes: ['luau-cli:-O2'] }).grammar).toBe(
      '715',
    );
    expect(resolveCampaignOptions({ level: 'syntax' }).grammar).toBe('715');
    expect(
      resolveCampaignOptions({ level: 'syntax', runtimes: on735, grammar: '715' }).grammar,
    ).toBe('715');
  });

  it('refuses grammar 735 on a runtime that cannot compile it, naming the runtime', () => {
    const refused = (runtimes: string[], coverage?: string) => {
      try {
        resolveCampaignOptions({
          level: 'syntax',
          grammar: '735',
          runtimes,
          ...(coverage === undefined
            ? {}
            : { guided: { coverage, corpora: [], mutationShare: 0, stepSize: 50 } }),
        });
      } catch (e) {
        expect(e).toBeInstanceOf(CampaignOptionsError);
        expect((e as CampaignOptionsError).option).toBe('grammar');
        return (e as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refused(['luau-web'])).toMatch(/^grammar 735 cannot run on runtime 'luau-web'/);
    expect(refused([...on735, 'luau-cli:/opt/luau-715/luau:-O2'])).toMatch(
      /runtime 'luau-cli:\/opt\/luau-715\/luau:-O2'.*--fflags=DebugLuauUserDefinedClasses=true/,
    );
    expect(refused(on735, 'luau-cli:/opt/cov/luau')).toMatch(/runtime 'luau-cli:\/opt\/cov\/luau'/);
    expect(() =>
      resolveCampaignOptions({ level: 'typed', grammar: '735', runtimes: on735 }),
    ).toThrow(/^checker must be 'new' for grammar 735/);
  });
});
