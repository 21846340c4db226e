import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type * as Esbuild from 'esbuild';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { packageRoot } from '../package-root.js';
import type { GeneratorSettings } from '../arbitrary/index.js';
import { campaignArbitrary, campaignGrammar, generatePrograms } from './programs.js';
import type { CampaignProgram, GeneratedProgram, GenerateRequest } from './programs.js';
import type { IndexQueue } from './pending-indices.js';
import Type, { type Static } from 'typebox';
import { readJsonFile, writeFileAtomic, writeJsonFile } from '../format/index.js';

/** Options of {@link ProgramGenerator}. */
export interface ProgramGeneratorOptions {
  /**
   * Generation threads; 0 generates on the calling thread. Default: one less than the cores,
   * at least 1 and at most 4: the VM workers, the uploads and the recording need the rest,
   * and each thread loads the generator and warms it up anew (docs/throughput.md).
   */
  readonly threads?: number;
  /**
   * The indices wanted next (read, not changed): after each call, the first `readAhead` of
   * them are generated in advance.
   */
  readonly upcoming?: Pick<IndexQueue, 'slice'>;
  /** Programs generated in advance from `upcoming`. Default 1000. */
  readonly readAhead?: number;
  /**
   * The generation threads' module (a file path or URL): it takes the {@link GeneratorSettings} as `workerData`
   * and answers each {@link GenerateRequest} with `{ id, programs }`, as
   * `serveGenerationThread` does. Default: luau-fuzz's own. A benchmark runs another revision's generator this way;
   * trees asked of {@link ProgramGenerator.tree} are still drawn by this one.
   */
  readonly workerFile?: string | URL;
}

/** Most programs asked of a thread in one message. */
const PART_SIZE = 100;

interface Thread {
  readonly worker: Worker;
  busy: number;
}

const here = import.meta.url;
// From the sources (tests, benches) the thread runs the TypeScript bundled (see bundledWorker).
const fromSources = here.endsWith('.ts');

/**
 * Generates a campaign's programs in worker threads: the same programs as
 * {@link generatePrograms} (program `i` is the value fast-check draws at run `i` for the seed,
 * so a finding is replayed and shrunk on the main thread as before), whatever the number of
 * threads. Contiguous indices are split among the threads; the trees stay there, and a
 * program's tree is drawn again on the calling thread when it is read (a finding's).
 *
 * @example
 * ```ts
 * const generator = new ProgramGenerator({ level: 'runnable', profile: 'luau-web', maxNodes: null, seed: 42 });
 * const programs = await generator.generate([0, 1, 2, 3]);
 * await generator.close();
 * ```
 */
export class ProgramGenerator {
  readonly #settings: GeneratorSettings;
  readonly #threads: Thread[] = [];
  readonly #threadCount: number;
  readonly #upcoming: Pick<IndexQueue, 'slice'>;
  readonly #readAhead: number;
  readonly #ahead = new Map<number, Promise<CampaignProgram>>();
  readonly #waiting = new Map<
    number,
    { resolve: (p: GeneratedProgram[]) => void; reject: (e: unknown) => void }
  >();
  #nextId = 0;
  #closed = false;
  #local: ReturnType<typeof campaignArbitrary> | undefined;
  readonly #workerFile: string | URL | undefined;

  /**
   * `settings` go to the threads as they are (a campaign's resolved options are some): the
   * arbitraries refuse settings out of range when a thread loads them, and the programs
   * asked of it fail with that error.
   */
  constructor(settings: GeneratorSettings, options: ProgramGeneratorOptions = {}) {
    this.#settings = settings;
    const threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
    if (!Number.isInteger(threads) || threads < 0)
      throw new RangeError(`threads must be a non-negative integer, got ${threads}`);
    this.#threadCount = threads;
    this.#upcoming = options.upcoming ?? [];
    this.#readAhead = options.readAhead ?? 1000;
    this.#workerFile = options.workerFile;
  }

  /** The programs with these indices, in increasing index order (as `generatePrograms`). */
  async generate(indices: readonly number[]): Promise<CampaignProgram[]> {
    if (this.#closed) throw new Error('the ProgramGenerator is closed');
    const sorted = [...new Set(indices)].sort((a, b) => a - b);
    this.#request(sorted.filter((i) => !this.#ahead.has(i)));
    const wanted = sorted.map((i) => this.#ahead.get(i)!);
    for (const i of sorted) this.#ahead.delete(i);
    // Queued behind the programs wanted now.
    this.#request(this.#upcoming.slice(0, this.#readAhead).filter((i) => !this.#ahead.has(i)));
    return Promise.all(wanted);
  }

  /**
   * Starts the threads and the generation of the first `readAhead` upcoming indices now (a
   * thread takes about a second to load the generator), so that the programs are ready when
   * first asked for.
   */
  prefetch(): void {
    if (this.#closed) throw new Error('the ProgramGenerator is closed');
    this.#request(this.#upcoming.slice(0, this.#readAhead).filter((i) => !this.#ahead.has(i)));
  }

  /** Ends the threads. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all(this.#threads.map((t) => t.worker.terminate()));
  }

  /** Starts generating `indices` (not yet asked for), split among the threads. */
  #request(indices: readonly number[]): void {
    if (indices.length === 0) return;
    if (this.#threadCount === 0) {
      this.#local ??= campaignArbitrary(this.#settings);
      const grammar = campaignGrammar(this.#settings);
      for (const p of generatePrograms(this.#local, this.#settings.seed, indices, grammar))
        this.#ahead.set(p.index, Promise.resolve(p));
      return;
    }
    const sorted = [...indices].sort((a, b) => a - b);
    // Parts of at most PART_SIZE: the first programs come back (and their batch can start)
    // while the thread draws the rest.
    const parts = Math.max(
      Math.min(this.#threadCount, sorted.length),
      Math.ceil(sorted.length / PART_SIZE),
    );
    const size = Math.ceil(sorted.length / parts);
    for (let k = 0; k < sorted.length; k += size) {
      const part = sorted.slice(k, k + size);
      const done = this.#send(part);
      part.forEach((index, j) => {
        const program = done.then((programs) => this.#withTree(programs[j]!, index));
        // A failure surfaces when the program is asked for.
        program.catch(() => undefined);
        this.#ahead.set(index, program);
      });
    }
  }

  /** A program of a thread, its tree drawn again (on this thread) when first read. */
  #withTree(p: GeneratedProgram, index: number): CampaignProgram {
    if (p.index !== index)
      throw new Error(`generation thread sent program ${p.index}, not ${index}`);
    let tree: ModuleSet | undefined;
    const replay = (): ModuleSet => {
      this.#local ??= campaignArbitrary(this.#settings);
      const grammar = campaignGrammar(this.#settings);
      const again = generatePrograms(this.#local, this.#settings.seed, [index], grammar)[0]!;
      if (again.program !== p.program || again.module !== p.module)
        throw new Error(`program ${index} replayed differently from its generation thread`);
      return again.tree;
    };
    return {
      ...p,
      get tree(): ModuleSet {
        tree ??= replay();
        return tree;
      },
    };
  }

  #send(indices: readonly number[]): Promise<GeneratedProgram[]> {
    const thread = this.#idlest();
    const id = ++this.#nextId;
    // A thread keeps the process alive only while it has work.
    if (thread.busy++ === 0) thread.worker.ref();
    return new Promise<GeneratedProgram[]>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      thread.worker.postMessage({ id, indices } satisfies GenerateRequest);
    }).finally(() => {
      if (--thread.busy === 0) thread.worker.unref();
    });
  }

  #idlest(): Thread {
    if (this.#threads.length < this.#threadCount) {
      const t: Thread = { worker: this.#spawn(), busy: 0 };
      this.#threads.push(t);
      return t;
    }
    return this.#threads.reduce((a, b) => (b.busy < a.busy ? b : a));
  }

  #spawn(): Worker {
    const file =
      this.#workerFile ?? (fromSources ? bundledWorker() : new URL('./generate-worker.js', here));
    const worker = new Worker(file, { workerData: this.#settings });
    worker.unref();
    worker.on('message', (m: { id: number; programs: GeneratedProgram[] }) => {
      const w = this.#waiting.get(m.id);
      this.#waiting.delete(m.id);
      w?.resolve(m.programs);
    });
    const fail = (e: unknown): void => {
      for (const w of this.#waiting.values()) w.reject(e);
      this.#waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!this.#closed) fail(new Error(`a generation thread exited with code ${code}`));
    });
    return worker;
  }
}

/** The generation thread's code bundled from the sources, once per process. */
let bundled: string | undefined;

/** What a bundle was made from: each input file's size and modification time, by path. */
/** `generate-worker.json`: the bundle, and the size and time of each file it was made from. */
const BundleManifest = Type.Object({
  file: Type.String(),
  inputs: Type.Record(Type.String(), Type.Object({ size: Type.Number(), mtimeMs: Type.Number() })),
});
type BundleManifest = Static<typeof BundleManifest>;

/**
 * From the sources (tests, benches), the thread runs the generation code bundled into one
 * ES module by esbuild (what tsx transpiles with), written under `node_modules/.cache` so that
 * its packages resolve, named by its content: tsx in the thread would transpile and resolve
 * every module again through a loader thread of its own, which costs the thread more than the
 * bundle. The bundle is made again only when one of its source files changed (their sizes and
 * times are kept beside it, with this file's and esbuild's), so that not every process pays
 * for bundling (docs/throughput.md has the figures).
 */
function bundledWorker(): string {
  if (bundled !== undefined) return bundled;
  const dir = join(packageRoot, 'node_modules', '.cache', 'luau-fuzz');
  const manifestPath = join(dir, 'generate-worker.json');
  const reused = unchangedBundle(manifestPath);
  if (reused !== undefined) {
    bundled = reused;
    return reused;
  }
  const esbuild = createRequire(here)('esbuild') as typeof Esbuild;
  const { outputFiles, metafile } = esbuild.buildSync({
    absWorkingDir: packageRoot,
    entryPoints: [fileURLToPath(new URL('./generate-worker.ts', here))],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = outputFiles[0]!.contents;
  const file = join(
    dir,
    `generate-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`,
  );
  mkdirSync(dir, { recursive: true });
  if (!existsSync(file)) writeFileAtomic(file, code);
  const inputs: BundleManifest['inputs'] = {};
  // The bundle's sources, and what made it: these options (this file) and esbuild's version.
  const makers = [relative(packageRoot, fileURLToPath(here)), 'node_modules/esbuild/package.json'];
  for (const input of [...Object.keys(metafile.inputs), ...makers]) {
    const { size, mtimeMs } = statSync(join(packageRoot, input));
    inputs[input] = { size, mtimeMs };
  }
  writeJsonFile(manifestPath, BundleManifest, { file, inputs });
  bundled = file;
  return file;
}

/** The bundle of the manifest at `path`, when it exists and none of its inputs changed. */
function unchangedBundle(path: string): string | undefined {
  let manifest: BundleManifest;
  try {
    manifest = readJsonFile(path, BundleManifest);
  } catch {
    // None yet, or not one: the bundle is made again.
    return undefined;
  }
  if (!existsSync(manifest.file)) return undefined;
  for (const [input, seen] of Object.entries(manifest.inputs)) {
    const now = statSync(join(packageRoot, input), { throwIfNoEntry: false });
    if (now === undefined || now.size !== seen.size || now.mtimeMs !== seen.mtimeMs)
      return undefined;
  }
  return manifest.file;
}
