import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { arbitraryOptionsOf, GENERATOR_VERSION } from '../../src/arbitrary/index.js';
import {
  CampaignOptionsError,
  readCampaignOptions,
  resolveCampaignOptions,
  writeCampaignOptions,
} from '../../src/campaign/options.js';
import { FormatError } from '../../src/format/index.js';
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

describe('options.json', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  function written(): string {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-options-'));
    dirs.push(dir);
    const path = join(dir, 'options.json');
    writeCampaignOptions(path, resolveCampaignOptions({ seed: 4, count: 20, grammar: '715' }));
    return path;
  }

  it('reads back what was written, the seed and grammar included', () => {
    const path = written();
    expect(readCampaignOptions(path)).toEqual(
      resolveCampaignOptions({ seed: 4, count: 20, grammar: '715' }),
    );
  });

  it.each([
    ['cut short', (text: string) => text.slice(0, 40), 'is cut short'],
    ['not JSON', (text: string) => `#${text}`, 'is not JSON'],
    [
      'of another shape',
      () => '{"name":"luau-fuzz","version":"0.1.0"}\n',
      "field 'count' is missing",
    ],
    [
      'with a field of the wrong type',
      (text: string) => text.replace('"count": 20', '"count": "20"'),
      "field 'count' must be integer, not string",
    ],
    [
      'with a grammar it does not know',
      (text: string) => text.replace('"grammar": "715"', '"grammar": "999"'),
      'field \'grammar\' must be one of "715", "735"',
    ],
  ])('refuses a file %s, naming it and the field, and leaves it as it is', (_, change, problem) => {
    const path = written();
    const text = change(readFileSync(path, 'utf8'));
    writeFileSync(path, text);
    expect(() => readCampaignOptions(path)).toThrow(FormatError);
    expect(() => readCampaignOptions(path)).toThrow(`${path}: ${problem}`);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('refuses a value out of range naming the file and the field', () => {
    const path = written();
    writeFileSync(path, readFileSync(path, 'utf8').replace('"inFlight": 2', '"inFlight": 0'));
    expect(() => readCampaignOptions(path)).toThrow(`${path}: field 'inFlight' must be >= 1`);
    // What the generator refuses (beyond each field's type), named as the option.
    writeFileSync(
      path,
      readFileSync(path, 'utf8')
        .replace('"inFlight": 0', '"inFlight": 2')
        .replace('"maxDepth": null', '"maxDepth": 65'),
    );
    expect(() => readCampaignOptions(path)).toThrow(CampaignOptionsError);
    expect(() => readCampaignOptions(path)).toThrow(`${path}: maxDepth must be at most 64`);
  });
});
