import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GENERATOR_VERSION } from '../../src/arbitrary/index.js';
import { readFindings, saveFinding } from '../../src/campaign/findings.js';
import { resolveCampaignOptions } from '../../src/campaign/options.js';
import { campaignArbitrary, generatePrograms } from '../../src/campaign/programs.js';
import { CampaignStore, CampaignStoreError } from '../../src/campaign/store.js';
import { FormatError } from '../../src/format/index.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'luau-fuzz-older-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Rewrites a JSON file without the fields a campaign older than them did not write. */
function withoutLimits(path: string): void {
  const o = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  delete o.maxDepth;
  delete o.maxStatements;
  delete o.types;
  delete o.grammar;
  writeFileSync(path, JSON.stringify(o));
}

describe('campaign directories written before the depth, statement, type and grammar settings', () => {
  it('resume with the defaults for the limits they do not record', () => {
    const dir = tempDir();
    CampaignStore.create(dir, resolveCampaignOptions({ count: 3, seed: 2, level: 'scoped' }));
    withoutLimits(join(dir, 'options.json'));
    const resumed = CampaignStore.resume(dir);
    expect(resumed.options).toMatchObject({
      seed: 2,
      level: 'scoped',
      maxDepth: null,
      maxStatements: null,
      types: true,
      grammar: '715',
      generatorVersion: GENERATOR_VERSION,
    });
    expect([...resumed.pending()]).toEqual([0, 1, 2]);
  });

  it('are of the seed grammar: resumed as such, refused for another before anything changes', () => {
    const dir = tempDir();
    CampaignStore.create(dir, resolveCampaignOptions({ count: 3, seed: 2, level: 'scoped' }));
    const path = join(dir, 'options.json');
    withoutLimits(path);
    const before = readFileSync(path, 'utf8');
    expect(CampaignStore.inspect(dir, { grammar: '715' }).grammar).toBe('715');
    expect(() => CampaignStore.resume(dir, { grammar: '735', count: 5 })).toThrow(
      `--grammar 735: the campaign in ${dir} was recorded in grammar 715 (${path})`,
    );
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('refuse an options.json whose generator settings are bad, naming the file and field', () => {
    const dir = tempDir();
    CampaignStore.create(dir, resolveCampaignOptions({ count: 3, seed: 2 }));
    const path = join(dir, 'options.json');
    const o = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify({ ...o, profile: 'lua' }));
    expect(() => CampaignStore.inspect(dir)).toThrow(FormatError);
    expect(() => CampaignStore.inspect(dir)).toThrow(`${path}: field 'profile' must be one of`);
    writeFileSync(path, JSON.stringify({ ...o, maxDepth: 65 }));
    expect(() => CampaignStore.inspect(dir)).toThrow(CampaignStoreError);
    expect(() => CampaignStore.inspect(dir)).toThrow(`${path}: maxDepth must be at most 64`);
  });

  it('read their finding records with the defaults, and add programs to them', () => {
    const findingsDir = join(tempDir(), 'findings');
    mkdirSync(findingsDir);
    const [p0, p1] = generatePrograms(
      campaignArbitrary({ level: 'syntax', profile: 'luau-web', maxNodes: null }),
      4,
      [0, 1],
    );
    const common = {
      kind: 'crash' as const,
      signature: 'crash · luau-web · SIGSEGV',
      seed: 4,
      level: 'syntax',
      profile: 'luau-web',
      maxNodes: null,
      generatorVersion: GENERATOR_VERSION,
      runtimes: ['luau-web'],
    };
    const { record } = saveFinding(findingsDir, {
      ...common,
      original: { index: 0, outcomes: [], nodes: p0!.nodes, tree: p0!.tree },
    });
    const path = join(findingsDir, record.hash, 'outcome.json');
    withoutLimits(path);
    expect(readFindings(findingsDir)).toEqual([record]);
    saveFinding(findingsDir, {
      ...common,
      original: { index: 1, outcomes: [], nodes: p1!.nodes, tree: p1!.tree },
    });
    expect(readFindings(findingsDir)[0]).toEqual({
      ...record,
      occurrences: [...record.occurrences, { index: 1, outcomes: [], nodes: p1!.nodes }],
    });
  });
});
