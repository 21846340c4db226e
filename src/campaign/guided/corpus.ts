import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { toBinary } from '@bufbuild/protobuf';
import type { ModuleSet } from '../../../gen/luau_pb.js';
import { decodeGrammarTree, grammar715, parseGrammar, TreeError } from '../../tree/index.js';
import type { AnyGrammar } from '../../tree/index.js';
import { OptionError, resolveOptions } from '../../arbitrary/index.js';
import type { LuauArbitraryOptions, ProgramRecord } from '../../arbitrary/index.js';
import { CounterMap, type CounterMapState } from '../../coverage/index.js';
import { checkValue, FormatError, readJsonFile, writeJsonFile } from '../../format/index.js';
import {
  EntryFile,
  GeneratorFile,
  MapFile,
  RecordJson,
  type EntryOrigin,
} from './corpus-formats.js';

/** A program kept because it reached counters no program before it had. */
export interface CorpusEntry {
  /** Its number in the corpus (0, 1, …, in the order kept). */
  readonly id: number;
  /** How to build it again. */
  readonly record: ProgramRecord;
  readonly origin: EntryOrigin;
  /** Counters it reached first. */
  readonly firstCounters: number;
  /** Their indices (empty in corpora written without them). */
  readonly counters: Int32Array;
  /** Programs tried when it was kept (the campaign's clock). */
  readonly keptAt: number;
  /** Mutants of it tried so far. */
  picks: number;
  /** Counters its mutants reached first, in all. */
  found: number;
}

/**
 * A corpus file or folder that does not read back.
 *
 * @example
 * ```ts
 * try { Corpus.load(dir); } catch (e) { if (e instanceof CorpusError) usage(e.message); }
 * ```
 */
export class CorpusError extends Error {
  override readonly name = 'CorpusError';
}

function encodeChoices(choices: Int32Array): string {
  return Buffer.from(choices.buffer, choices.byteOffset, choices.byteLength).toString('base64');
}

function decodeChoices(text: string, file: string, field = 'record.choices'): Int32Array {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length % 4 !== 0) throw new FormatError(file, 'is not whole 32-bit values', { field });
  const out = new Int32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt32LE(4 * i);
  return out;
}

/**
 * A record as JSON ({@link RecordJson}).
 *
 * @example
 * ```ts
 * const json = recordToJson({ kind: 'choices', choices: Int32Array.of(1, 2) });
 * ```
 */
export function recordToJson(r: ProgramRecord, grammar: AnyGrammar = grammar715): RecordJson {
  switch (r.kind) {
    case 'choices':
      return r.scale === undefined
        ? { kind: 'choices', choices: encodeChoices(r.choices) }
        : { kind: 'choices', choices: encodeChoices(r.choices), scale: r.scale };
    case 'draws':
      return {
        kind: 'draws',
        seed: r.seed,
        bias: r.bias ?? null,
        choices: encodeChoices(r.choices),
      };
    case 'tree':
      return {
        kind: 'tree',
        tree: Buffer.from(toBinary(grammar.moduleSet, r.tree as never)).toString('base64'),
      };
  }
}

function toFile(e: CorpusEntry, grammar: AnyGrammar): EntryFile {
  const r = e.record;
  return {
    id: e.id,
    record: recordToJson(r, grammar),
    origin: e.origin,
    firstCounters: e.firstCounters,
    counters: encodeChoices(e.counters),
    keptAt: e.keptAt,
    picks: e.picks,
    found: e.found,
  };
}

/**
 * A record read back from JSON ({@link recordToJson}), checked against {@link RecordJson}.
 *
 * @throws {@link FormatError} naming `file` and the field when it does not read back.
 * @example
 * ```ts
 * const record = recordFromJson(line.record, 'corpus/programs.jsonl');
 * ```
 */
export function recordFromJson(
  json: unknown,
  file: string,
  grammar: AnyGrammar = grammar715,
): ProgramRecord {
  const r = checkValue(RecordJson, json, file);
  switch (r.kind) {
    case 'choices': {
      const choices = decodeChoices(r.choices, file);
      return r.scale === undefined
        ? { kind: 'choices', choices }
        : { kind: 'choices', choices, scale: r.scale };
    }
    case 'draws':
      return {
        kind: 'draws',
        seed: r.seed,
        bias: r.bias ?? undefined,
        choices: decodeChoices(r.choices, file),
      };
    case 'tree':
      try {
        const bytes = Buffer.from(r.tree, 'base64');
        const read = decodeGrammarTree(bytes, 'binpb', { grammar, source: `${file}: record.tree` });
        return { kind: 'tree', tree: read.tree as ModuleSet };
      } catch (e) {
        // A tree of another grammar (a corpus that mixes grammars), named as the codecs name it.
        if (e instanceof TreeError) throw new CorpusError(e.message, { cause: e });
        throw new FormatError(file, `is not a ModuleSet (${(e as Error).message})`, {
          field: 'record.tree',
          cause: e,
        });
      }
  }
}

function fromFile(data: EntryFile, file: string, grammar: AnyGrammar): CorpusEntry {
  const record = recordFromJson(data.record, file, grammar);
  return {
    id: data.id,
    record,
    origin: data.origin ?? { kind: 'fresh', run: -1 },
    firstCounters: data.firstCounters ?? 0,
    counters:
      data.counters === undefined
        ? new Int32Array(0)
        : decodeChoices(data.counters, file, 'counters'),
    keptAt: data.keptAt ?? 0,
    picks: data.picks ?? 0,
    found: data.found ?? 0,
  };
}

/**
 * The programs of a guided campaign that reached new engine code, with the map of the
 * counters reached so far; kept in a folder (`corpus/` of the campaign directory: one JSON
 * file per entry, `map.json` for the map), so that a campaign resumes where it stopped and a
 * later one starts from it.
 *
 * @example
 * ```ts
 * const corpus = Corpus.load(join(campaignDir, 'corpus'));
 * corpus.add({ record, origin: { kind: 'fresh', run: 12 }, firstCounters: 40, keptAt: 12 });
 * corpus.save(map);
 * ```
 */
export class Corpus {
  readonly entries: CorpusEntry[] = [];
  /** The map saved with the corpus (undefined when none was). */
  readonly map: CounterMap | undefined;
  readonly #dir: string;

  #grammar: AnyGrammar;

  private constructor(
    dir: string,
    entries: CorpusEntry[],
    map: CounterMap | undefined,
    grammar: AnyGrammar,
  ) {
    this.#dir = dir;
    this.entries = entries;
    this.map = map;
    this.#grammar = grammar;
  }

  /** The grammar of its trees: the one its generator options name (the seed's when none). */
  get grammar(): AnyGrammar {
    return this.#grammar;
  }

  /**
   * The corpus in `dir` (empty when the folder does not exist yet).
   *
   * @throws {@link FormatError} naming the file and the field that does not read back.
   */
  static load(dir: string): Corpus {
    if (!existsSync(dir)) return new Corpus(dir, [], undefined, grammar715);
    const grammar = grammarOfOptions(new Corpus(dir, [], undefined, grammar715).generator());
    const entries: CorpusEntry[] = [];
    for (const name of readdirSync(dir)
      .filter((n) => /^\d+\.json$/.test(n))
      .sort()) {
      const file = join(dir, name);
      entries.push(fromFile(readJsonFile(file, EntryFile), file, grammar));
    }
    entries.sort((a, b) => a.id - b.id);
    const mapFile = join(dir, 'map.json');
    let map: CounterMap | undefined;
    if (existsSync(mapFile)) {
      const m = readJsonFile(mapFile, MapFile);
      const hits = m.hits === undefined ? undefined : Buffer.from(m.hits, 'base64');
      const state: CounterMapState = {
        binaryId: m.binaryId,
        reached: new Uint8Array(Buffer.from(m.reached, 'base64')),
        hits:
          hits === undefined
            ? undefined
            : new Uint32Array(Uint8Array.from(hits).buffer, 0, Math.floor(hits.length / 4)),
      };
      map = new CounterMap(state);
    }
    return new Corpus(dir, entries, map, grammar);
  }

  /**
   * The generator options its records are read with (`generator.json`), or undefined for a
   * corpus not yet written.
   *
   * @throws {@link FormatError} when the file does not read back, {@link CorpusError} when
   * it holds options the generator does not take.
   */
  generator(): LuauArbitraryOptions | undefined {
    const file = join(this.#dir, generatorFile);
    if (!existsSync(file)) return undefined;
    return generatorOptions(readJsonFile(file, GeneratorFile), file);
  }

  /**
   * Records the generator options of the corpus, or checks that they are those it was written
   * with: a record read under other options is another program.
   *
   * @throws {@link CorpusError} naming both when they differ.
   */
  claim(options: LuauArbitraryOptions): void {
    const had = this.generator();
    const text = JSON.stringify(options);
    if (had === undefined) {
      mkdirSync(this.#dir, { recursive: true });
      writeJsonFile(join(this.#dir, generatorFile), GeneratorFile, { ...options });
      this.#grammar = grammarOfOptions(options);
    } else if (JSON.stringify(had) !== text) {
      throw new CorpusError(
        `${join(this.#dir, generatorFile)}: the corpus was written with generator options ` +
          `${JSON.stringify(had)}, not ${text}`,
      );
    }
  }

  /** Adds an entry (numbered next; without its counters' indices, none) and writes it. */
  add(
    entry: Omit<CorpusEntry, 'id' | 'picks' | 'found' | 'counters'> & {
      readonly counters?: Int32Array;
    },
  ): CorpusEntry {
    const kept: CorpusEntry = {
      ...entry,
      counters: entry.counters ?? new Int32Array(0),
      id: this.entries.length,
      picks: 0,
      found: 0,
    };
    this.entries.push(kept);
    this.#write(kept);
    return kept;
  }

  /**
   * Adds, in order, the programs whose run reached counters no program had reached before
   * (`outcomes[k]` is the run of `programs[k]`), and returns their new entries.
   */
  keepNew(
    programs: readonly (Pick<CorpusEntry, 'record' | 'origin'> & { readonly index: number })[],
    outcomes: readonly { readonly firstCounters: readonly number[] }[],
  ): CorpusEntry[] {
    const kept: CorpusEntry[] = [];
    outcomes.forEach((o, k) => {
      const p = programs[k]!;
      if (o.firstCounters.length > 0)
        kept.push(
          this.add({
            record: p.record,
            origin: p.origin,
            firstCounters: o.firstCounters.length,
            counters: Int32Array.from(o.firstCounters),
            keptAt: p.index,
          }),
        );
    });
    return kept;
  }

  /** Writes the entries whose counts changed, and the map. */
  save(map: CounterMap, changed: Iterable<CorpusEntry> = this.entries): void {
    mkdirSync(this.#dir, { recursive: true });
    for (const e of changed) this.#write(e);
    const state = map.state();
    if (state !== undefined)
      writeJsonFile(join(this.#dir, 'map.json'), MapFile, {
        binaryId: state.binaryId,
        reached: Buffer.from(state.reached).toString('base64'),
        hits: Buffer.from(state.hits!.buffer).toString('base64'),
      });
  }

  #write(e: CorpusEntry): void {
    mkdirSync(this.#dir, { recursive: true });
    writeJsonFile(
      join(this.#dir, `${String(e.id).padStart(6, '0')}.json`),
      EntryFile,
      toFile(e, this.#grammar),
    );
  }
}

const generatorFile = 'generator.json';

/** The grammar generator options name (the seed's when they name none, or there are none). */
function grammarOfOptions(options: LuauArbitraryOptions | undefined): AnyGrammar {
  return parseGrammar(options?.grammar ?? grammar715.name) ?? grammar715;
}

/**
 * The generator options of `generator.json`, checked: its records mean nothing under options
 * the generator would not take, or under its defaults in place of a missing level or profile.
 */
function generatorOptions(json: GeneratorFile, file: string): LuauArbitraryOptions {
  const options = json as LuauArbitraryOptions;
  for (const field of ['level', 'profile'] as const)
    if (options[field] === undefined)
      throw new CorpusError(`${file}: ${field} is missing (every corpus records its own)`);
  try {
    resolveOptions(options);
  } catch (e) {
    if (e instanceof OptionError)
      throw new CorpusError(`${file}: ${e.option} ${e.reason}`, { cause: e });
    throw e;
  }
  return options;
}
