import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  Corpus,
  freshRuns,
  readGuidedState,
  writeGuidedState,
  type GuidedState,
} from '../../../src/campaign/guided/index.js';
import { CounterMap } from '../../../src/coverage/index.js';
import { FormatError } from '../../../src/format/index.js';
import { corpusOf } from '../../helpers/corpus-folder.js';
import { expectEachRefused, expectRefused, filesOf } from '../../helpers/refused-file.js';
import { tempDirs } from '../../helpers/temp-dirs.js';

const tempDir = tempDirs('luau-fuzz-corpus-formats-');

const generator = { level: 'runnable', profile: 'luau' } as const;

/** A corpus folder with three entries, its map, its state and its program log. */
function corpusFolder(): string {
  const dir = corpusOf(tempDir(), 'corpus', generator, 3, 5);
  const corpus = Corpus.load(dir);
  corpus.save(
    new CounterMap({
      binaryId: 'ab12',
      reached: Uint8Array.of(1, 0, 1),
      hits: Uint32Array.of(2, 0, 1),
    }),
  );
  const state: GuidedState = {
    step: 1,
    nextRun: 2,
    yields: { fresh: 0.5, mutant: 0.25, cost: { fresh: 4000, mutant: 9000 } },
    operators: { splice: { found: 1, expected: 0.5, mutants: 1 } },
    origins: { fresh: { counters: 3, programs: 2 } },
    programs: 3,
    timeline: [{ t: 1.5, programs: 3, mutants: 1, counters: 2, corpus: 3 }],
  };
  writeGuidedState(dir, state);
  writeFileSync(
    join(dir, 'programs.jsonl'),
    [
      { i: 0, origin: { kind: 'fresh', run: 0 } },
      { i: 1, origin: { kind: 'fresh', run: 1 } },
      {
        i: 2,
        origin: { kind: 'mutant', parent: 0, mutations: ['splice'] },
        record: { kind: 'choices', choices: 'AQAAAA==' },
      },
    ]
      .map((l) => `${JSON.stringify(l)}\n`)
      .join(''),
  );
  return dir;
}

describe('the files of a corpus folder', () => {
  it('read back as written', () => {
    const dir = corpusFolder();
    const corpus = Corpus.load(dir);
    expect(corpus.entries.map((e) => [e.id, e.origin, e.keptAt])).toEqual([
      [0, { kind: 'fresh', run: 0 }, 0],
      [1, { kind: 'fresh', run: 1 }, 1],
      [2, { kind: 'fresh', run: 2 }, 2],
    ]);
    expect(corpus.map?.reachedCount).toBe(2);
    expect(corpus.generator()).toEqual(generator);
    expect(readGuidedState(dir)).toMatchObject({ step: 1, nextRun: 2, programs: 3 });
    expect([...freshRuns(dir)]).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });

  const jsonFiles: readonly [string, (dir: string) => unknown][] = [
    ['000001.json', (dir) => Corpus.load(dir)],
    ['map.json', (dir) => Corpus.load(dir)],
    ['generator.json', (dir) => Corpus.load(dir).generator()],
    ['state.json', (dir) => readGuidedState(dir)],
  ];
  for (const [name, read] of jsonFiles)
    it(`refuse a ${name} cut short, corrupt or of another format, naming it, and change nothing`, async () => {
      const dir = corpusFolder();
      const file = join(dir, name);
      // generator.json holds any object; a foreign one is refused by the generator's check.
      await expectEachRefused(
        dir,
        file,
        () => read(dir),
        name === 'generator.json' ? { foreign: /level is missing/ } : {},
      );
    });

  it('name the field and what is wrong with it', () => {
    const dir = corpusFolder();
    const state = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as object;
    writeFileSync(join(dir, 'state.json'), JSON.stringify({ ...state, step: 'x' }));
    expect(() => readGuidedState(dir)).toThrow(FormatError);
    expect(() => readGuidedState(dir)).toThrow(
      `${join(dir, 'state.json')}: field 'step' must be integer, not string`,
    );
    const entry = join(dir, '000002.json');
    const e = JSON.parse(readFileSync(entry, 'utf8')) as { record: object };
    writeFileSync(entry, JSON.stringify({ ...e, record: { ...e.record, scale: 40 } }));
    expect(() => Corpus.load(dir)).toThrow(`${entry}: field 'record.scale' must be <= 16`);
  });

  it('read a state of an older version with what it kept in another shape as not known', () => {
    const dir = corpusFolder();
    const state = readGuidedState(dir);
    writeFileSync(
      join(dir, 'state.json'),
      JSON.stringify({
        ...state,
        yields: { fresh: [3, 40], mutant: [1, 10] },
        operators: { splice: { counters: 12.5, programs: 30 } },
      }),
    );
    const older = readGuidedState(dir);
    expect(older).not.toHaveProperty('yields');
    expect(older).not.toHaveProperty('operators');
    expect(older).toMatchObject({ step: 1, nextRun: 2, origins: state.origins });
  });

  it('leave out a program log line cut short, and refuse a corrupt or foreign one, naming its line', async () => {
    const dir = corpusFolder();
    const file = join(dir, 'programs.jsonl');
    const good = readFileSync(file, 'utf8');
    // Cut inside its last line, after a `}` (a line once counted whole when it ended in one).
    const cut = good.slice(0, good.lastIndexOf('}}') + 1);
    expect(cut.endsWith('"}')).toBe(true);
    writeFileSync(file, cut);
    expect([...freshRuns(dir).keys()]).toEqual([0, 1]);
    expect(readFileSync(file, 'utf8')).toBe(cut);
    const lines = good.split('\n');
    const corrupt = [
      lines[0],
      `${lines[1]!.slice(0, 10)}\u0001${lines[1]!.slice(11)}`,
      lines[2],
      '',
    ];
    const at = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expectRefused(
      dir,
      file,
      corrupt.join('\n'),
      () => freshRuns(dir),
      new RegExp(`^${at}:2: is not JSON`),
    );
    const foreign = [lines[0], JSON.stringify({ i: 1, outcomes: [], nodes: 3 }), lines[2], ''];
    await expectRefused(
      dir,
      file,
      foreign.join('\n'),
      () => freshRuns(dir),
      new RegExp(`^${at}:2: field 'origin' is missing`),
    );
  });

  it('write nothing of a state the reader would refuse', () => {
    const dir = corpusFolder();
    const before = filesOf(dir);
    const state = readGuidedState(dir);
    expect(() => writeGuidedState(dir, { ...state, step: -1 })).toThrow(/field 'step'/);
    expect(filesOf(dir)).toEqual(before);
  });
});
