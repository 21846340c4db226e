import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { programRecords, type LuauArbitraryOptions } from '../../src/arbitrary/index.js';
import { sourcesOf } from '../../src/campaign/programs.js';
import { encodeTree } from '../../src/tree/index.js';
import { corpusOf } from '../helpers/corpus-folder.js';
import { mainOutput } from '../helpers/cli-in-process.js';

const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-corpus-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const generator: LuauArbitraryOptions = { level: 'scoped', profile: 'luau' };
const expected =
  'expected a corpus folder, a campaign directory holding corpus/, or a folder of .txtpb trees';

describe('luau-fuzz corpus export', () => {
  it('names the argument and what it expects when given a file, and creates nothing', async () => {
    const file = join(root, 'generator.json');
    writeFileSync(file, '{}');
    const out = join(root, 'out-file');
    const r = await mainOutput(['corpus', 'export', file, '--out', out]);
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `luau-fuzz: corpus export DIR: ${file}: not a folder (${expected})\n`,
    });
    expect(existsSync(out)).toBe(false);
  });

  it.each([
    ['{}', 'level is missing (every corpus records its own)'],
    ['', 'is empty'],
    ['{"level":', 'is cut short'],
    ['null', 'must be object, not null'],
    ['{"level":"runnable","profile":"lua"}', "profile must be one of luau, luau-web, got 'lua'"],
  ])('refuses generator.json %j, naming the file and the field', async (text, message) => {
    const dir = corpusOf(root, `bad-${readdirSync(root).length}`, generator, 2, 1);
    writeFileSync(join(dir, 'generator.json'), text);
    const out = join(dir, 'out');
    const r = await mainOutput(['corpus', 'export', dir, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `luau-fuzz: corpus export DIR: ${join(dir, 'generator.json')}: ${message}`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('takes the folders `run --corpus` takes: a corpus, the campaign directory holding it, .txtpb trees', async () => {
    const campaign = join(root, 'campaign');
    mkdirSync(campaign);
    const corpus = corpusOf(campaign, 'corpus', generator, 5, 2);
    const byCorpus = await mainOutput(['corpus', 'export', corpus, '--out', join(root, 'a')]);
    const byCampaign = await mainOutput(['corpus', 'export', campaign, '--out', join(root, 'b')]);
    expect(byCorpus).toMatchObject({
      code: 0,
      stdout: `5 programs written to ${join(root, 'a')}\n`,
    });
    expect(byCampaign).toMatchObject({
      code: 0,
      stdout: `5 programs written to ${join(root, 'b')}\n`,
    });
    const files = readdirSync(join(root, 'a')).sort();
    expect(readdirSync(join(root, 'b')).sort()).toEqual(files);
    for (const f of files)
      expect(readFileSync(join(root, 'b', f), 'utf8')).toBe(
        readFileSync(join(root, 'a', f), 'utf8'),
      );

    // The trees it wrote, exported again: the same trees and sources.
    const trees = await mainOutput(['corpus', 'export', join(root, 'a'), '--out', join(root, 'c')]);
    expect(trees).toMatchObject({ code: 0, stdout: `5 programs written to ${join(root, 'c')}\n` });
    expect(readdirSync(join(root, 'c')).sort()).toEqual(files);
    const records = programRecords(generator);
    const first = records.build(records.ofRun(2, 0));
    expect(readFileSync(join(root, 'c', '000000.txtpb'))).toEqual(
      Buffer.from(encodeTree(ModuleSetSchema, first, 'textproto')),
    );
    expect(readFileSync(join(root, 'c', '000000.luau'), 'utf8')).toBe(sourcesOf(first).program);
  });
});
