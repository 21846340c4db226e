import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { campaignSettingTable } from '../../src/campaign/index.js';
import { givenFlags, givenSettings, settingOptions } from '../../src/cli/setting-flags.js';

function parsed(args: string[]): Command {
  const command = new Command('run').exitOverride();
  for (const option of settingOptions(campaignSettingTable)) command.addOption(option);
  return command.parse(args, { from: 'user' });
}

describe('settingOptions and givenSettings', () => {
  it('read every setting from its flags, by the name the library gives it', () => {
    const command = parsed([
      '--count',
      '5',
      '--duration',
      '2m',
      '--timeout',
      '700',
      '--no-shrink',
      '--grammar',
      '0.735',
      '--diff',
      'luau-web',
      'luau-cli:-O2',
      '--guided',
      'luau-cli:-O2',
      '--corpus',
      'c1',
      '--mutation-share',
      '0.5',
      '--max-depth',
      '3',
    ]);
    expect(givenSettings(command, campaignSettingTable)).toEqual({
      count: 5,
      durationMs: 120_000,
      grammar: '735',
      maxDepth: 3,
      runtimes: ['luau-web', 'luau-cli:-O2'],
      timeoutMs: 700,
      guided: { coverage: 'luau-cli:-O2', corpora: ['c1'], mutationShare: 0.5, stepSize: 50 },
      shrink: false,
    });
    expect(givenFlags(command, campaignSettingTable)).toEqual([
      '--count',
      '--duration',
      '--grammar',
      '--max-depth',
      '--diff',
      '--timeout',
      '--guided',
      '--corpus',
      '--mutation-share',
      '--no-shrink',
    ]);
  });

  it('give nothing for a flag not given, a switch left on included', () => {
    expect(givenSettings(parsed([]), campaignSettingTable)).toEqual({});
    expect(givenSettings(parsed(['--runtime', 'luau-web']), campaignSettingTable)).toEqual({
      runtimes: ['luau-web'],
    });
  });

  it('refuse a value that is not of the setting, naming the flag', () => {
    expect(() => parsed(['--in-flight', '0'])).toThrow(
      "--in-flight must be a whole number >= 1, got '0'",
    );
    expect(() => parsed(['--payload-limit', '99'])).toThrow(
      '--payload-limit must be a whole number >= 10000',
    );
    expect(() => parsed(['--level', 'perfect'])).toThrow("argument 'perfect' is invalid");
    expect(() => parsed(['--grammar', '736'])).toThrow(
      "--grammar must be one of 715, 735, got '736'",
    );
  });

  it('show each default in the help, as the table gives it', () => {
    const help = parsed([]).helpInformation().replace(/\s+/g, ' ');
    expect(help).toContain('batches in flight per project (default: 2)');
    expect(help).toContain('validity level (default: "runnable")');
    expect(help).toContain('messages per tree (default: 400)');
    expect(help).toContain('(default: "luau-web" while a runtime is luau-web, else "luau")');
  });
});
