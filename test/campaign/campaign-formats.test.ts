import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATOR_VERSION } from '../../src/arbitrary/index.js';
import { SummaryFile } from '../../src/campaign/campaign-formats.js';
import { readFindings, saveFinding } from '../../src/campaign/findings.js';
import { resolveCampaignOptions } from '../../src/campaign/options.js';
import { campaignArbitrary, generatePrograms } from '../../src/campaign/programs.js';
import { comparedCourse } from '../../src/campaign/report-compare.js';
import { CampaignStore } from '../../src/campaign/store.js';
import { writeJsonFile } from '../../src/format/index.js';
import { expectEachRefused, expectRefused } from '../helpers/refused-file.js';
import { tempDirs } from '../helpers/temp-dirs.js';

const tempDir = tempDirs('luau-fuzz-campaign-formats-');

const outcome = { id: '0', status: 'ok' as const, outputHash: 'h', output: '', timeMs: 1 };
const crash = { ...outcome, status: 'crash' as const, signal: 'SIGSEGV' };
const escaped = (path: string): string => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A campaign directory of 6 programs, 3 of them recorded, one a finding. */
function campaign(): string {
  const dir = tempDir();
  const o = resolveCampaignOptions({ count: 6, seed: 4, level: 'syntax' });
  const [p2] = generatePrograms(campaignArbitrary(o), o.seed, [2]);
  const store = CampaignStore.create(dir, o);
  store.recordAll([
    { record: { i: 0, outcomes: [outcome], nodes: 3, kinds: { Stat: 2 } } },
    { record: { i: 1, outcomes: [outcome], nodes: 4 } },
    { record: { i: 2, outcomes: [crash], finding: 'crash', nodes: p2!.nodes }, tree: p2!.tree },
  ]);
  store.progress.elapsedSeconds = 2;
  store.saveProgress();
  return dir;
}

describe('results.jsonl', () => {
  it('drops a last line cut short when resumed: that program runs again', () => {
    const dir = campaign();
    const file = join(dir, 'results.jsonl');
    const good = readFileSync(file, 'utf8');
    // Cut after a `}` inside the last line.
    writeFileSync(file, good.slice(0, good.lastIndexOf('}]') + 1));
    expect([...CampaignStore.resume(dir).pending()]).toEqual([2, 3, 4, 5]);
    expect(readFileSync(file, 'utf8')).toBe(good.slice(0, good.lastIndexOf('{"i":2')));
  });

  it('refuses a corrupt or foreign line before it writes anything, naming the file and line', async () => {
    const dir = campaign();
    const file = join(dir, 'results.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = escaped(file);
    const corrupt = [
      lines[0],
      `${lines[1]!.slice(0, 8)}\u0001${lines[1]!.slice(9)}`,
      ...lines.slice(2),
    ];
    await expectRefused(
      dir,
      file,
      corrupt.join('\n'),
      () => CampaignStore.resume(dir),
      new RegExp(`^${at}:2: is not JSON`),
    );
    const foreign = [
      lines[0],
      JSON.stringify({ i: 1, origin: { kind: 'fresh', run: 1 } }),
      ...lines.slice(2),
    ];
    await expectRefused(
      dir,
      file,
      foreign.join('\n'),
      () => CampaignStore.resume(dir),
      new RegExp(`^${at}:2: field 'outcomes' is missing`),
    );
    const status = [lines[0], lines[1]!.replace('"ok"', '"fine"'), ...lines.slice(2)];
    await expectRefused(
      dir,
      file,
      status.join('\n'),
      () => CampaignStore.resume(dir),
      new RegExp(`^${at}:2: field 'outcomes\\[0\\]\\.status' must be one of "ok"`),
    );
  });
});

describe('progress.json', () => {
  it('refuses one cut short, corrupt or foreign before a resume writes anything', async () => {
    const dir = campaign();
    const file = join(dir, 'progress.json');
    const good = readFileSync(file, 'utf8');
    for (const resume of [() => CampaignStore.resume(dir), () => CampaignStore.inspect(dir)]) {
      writeFileSync(file, good);
      await expectEachRefused(dir, file, resume);
    }
    await expectRefused(
      dir,
      file,
      JSON.stringify({ ...(JSON.parse(good) as object), elapsedSeconds: 'x' }),
      () => CampaignStore.resume(dir),
      `${file}: field 'elapsedSeconds' must be number, not string`,
    );
  });
});

describe("a finding's outcome.json", () => {
  /** Saves program `index` of seed 4 as a crash in the findings folder `dir`. */
  function saveCrash(dir: string, index: number) {
    const [p] = generatePrograms(
      campaignArbitrary({ level: 'syntax', profile: 'luau-web', maxNodes: null }),
      4,
      [index],
    );
    return saveFinding(dir, {
      kind: 'crash',
      signature: 'crash · luau-web · SIGSEGV',
      seed: 4,
      level: 'syntax',
      profile: 'luau-web',
      maxNodes: null,
      generatorVersion: GENERATOR_VERSION,
      runtimes: ['luau-web'],
      original: { index, outcomes: [crash], nodes: p!.nodes, tree: p!.tree },
    });
  }

  function findings(): { dir: string; file: string } {
    const dir = join(tempDir(), 'findings');
    mkdirSync(dir);
    const { record } = saveCrash(dir, 0);
    expect(readFindings(dir)).toEqual([record]);
    return { dir, file: join(dir, record.hash, 'outcome.json') };
  }

  it('is refused cut short, corrupt or foreign, naming the file and field, and left as it was', async () => {
    const { dir, file } = findings();
    await expectEachRefused(dir, file, () => readFindings(dir));
  });

  it('is refused with a faulty field before a new occurrence is added to it', async () => {
    const { dir, file } = findings();
    const record = JSON.parse(readFileSync(file, 'utf8')) as { original: object };
    await expectRefused(
      dir,
      file,
      JSON.stringify({ ...record, original: { ...record.original, nodes: -1 } }),
      () => saveCrash(dir, 1),
      `${file}: field 'original.nodes' must be >= 0`,
    );
  });
});

describe('summary.json', () => {
  it('is refused cut short, corrupt or foreign when another report compares it', async () => {
    const dir = tempDir();
    const file = join(dir, 'summary.json');
    writeJsonFile(
      file,
      SummaryFile,
      {
        dir,
        seed: 1,
        level: 'runnable',
        runtimes: ['luau-web'],
        total: 100,
        done: 100,
        stopped: false,
        elapsedSeconds: 3,
        programsPerSecond: 33,
        statuses: [{ ok: 100 }],
        unprintable: 0,
        findingKinds: {},
        findings: [],
        projects: [],
        guided: {
          coverage: 'luau-cli:-O2:path=cov/luau',
          mutationShare: 0,
          programs: 100,
          mutants: 0,
          counters: 900,
          corpus: 12,
          timeline: [{ t: 3, programs: 100, mutants: 0, counters: 900, corpus: 12 }],
        },
      },
      { indent: 2 },
    );
    expect(comparedCourse(dir).label).toBe(`${dir} (mutation share 0)`);
    await expectEachRefused(dir, file, () => comparedCourse(dir));
  });
});
