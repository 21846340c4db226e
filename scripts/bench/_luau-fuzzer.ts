// Luau's own protobuf fuzzer (`fuzz/proto.cpp`, target `fuzz-proto`): built the way Luau's
// Makefile builds it (`make config=fuzz fuzz-proto`: clang's libFuzzer and AddressSanitizer,
// libprotobuf-mutator at build/libprotobuf-mutator, the system's protobuf), cached outside the
// package by the release's commit; run for a time budget; its corpus read back as trees and
// printed with the compat printer, the printer it runs its trees through.
// (A leading `_`: not a benchmark of its own.)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { printCompat } from '../../src/print/index.js';
import type { LuauBatchProgram } from '../../src/runtime/index.js';
import { decodeTree } from '../../src/tree/index.js';

/** Where built fuzzers are kept: `$XDG_CACHE_HOME/luau-fuzz` (default `~/.cache/luau-fuzz`). */
export const fuzzerCache = join(
  process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'),
  'luau-fuzz',
);

/** A tool the build needs: how to tell it is there, and the Debian package that has it. */
interface Needed {
  readonly what: string;
  readonly present: () => boolean;
  readonly apt: string;
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** clang's major version, or undefined when there is no clang. */
function clangMajor(): string | undefined {
  if (!onPath('clang')) return undefined;
  const v = /clang version (\d+)/.exec(execFileSync('clang', ['--version'], { encoding: 'utf8' }));
  return v?.[1];
}

/**
 * What building `fuzz-proto` needs and this machine lacks, and the one `apt-get` line that
 * installs it all (Debian and Ubuntu package names); nothing missing: `undefined`.
 *
 * @example
 * ```ts
 * const missing = missingFuzzerTools();
 * if (missing) console.error(`needs ${missing.tools.join(', ')}: ${missing.install}`);
 * ```
 */
export function missingFuzzerTools(
  present: (command: string) => boolean = onPath,
): { tools: string[]; install: string } | undefined {
  const major = present === onPath ? clangMajor() : undefined;
  const libFuzzer = (): boolean => {
    if (!present('clang++')) return false;
    // The runtime `-fsanitize=fuzzer` links; clang prints the bare name when it has none.
    try {
      const lib = execFileSync('clang++', ['-print-file-name=libclang_rt.fuzzer-x86_64.a'], {
        encoding: 'utf8',
      }).trim();
      return lib.startsWith('/') && existsSync(lib);
    } catch {
      return false;
    }
  };
  const needed: Needed[] = [
    { what: 'clang', present: () => present('clang'), apt: 'clang' },
    { what: 'clang++', present: () => present('clang++'), apt: 'clang' },
    {
      what: "clang's libFuzzer",
      present: libFuzzer,
      apt: `libfuzzer-${major ?? '14'}-dev`,
    },
    { what: 'protoc', present: () => present('protoc'), apt: 'protobuf-compiler' },
    {
      what: 'protobuf headers and library',
      present: () => existsSync('/usr/include/google/protobuf/message.h'),
      apt: 'libprotobuf-dev',
    },
    { what: 'cmake', present: () => present('cmake'), apt: 'cmake' },
    { what: 'make', present: () => present('make'), apt: 'make' },
    { what: 'git', present: () => present('git'), apt: 'git' },
    { what: 'flock', present: () => present('flock'), apt: 'util-linux' },
  ];
  const missing = needed.filter((n) => !n.present());
  if (missing.length === 0) return undefined;
  const packages = [...new Set(missing.map((m) => m.apt))];
  return {
    tools: missing.map((m) => m.what),
    install: `apt-get update && apt-get install -y ${packages.join(' ')}`,
  };
}

/** A bench's failure with a message of its own (no stack trace): the caller prints it. */
export class FuzzerSetupError extends Error {
  override readonly name = 'FuzzerSetupError';
}

function git(gitDir: string, args: readonly string[]): string {
  return execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8' }).trim();
}

/** Options of {@link buildLuauFuzzer}. */
export interface FuzzerBuildOptions {
  /** A clone of github.com/luau-lang/luau (its git directory; bare or not). */
  readonly luauGit: string;
  /** A clone of github.com/google/libprotobuf-mutator. */
  readonly mutatorGit: string;
  /** The release tag, e.g. `0.715`. */
  readonly tag: string;
  /** Parallel compilers (`make -jN`). */
  readonly jobs: number;
  /** Called with what is being done. */
  readonly say: (line: string) => void;
}

/** A built fuzzer: its executable and the commit it was built from. */
export interface LuauFuzzer {
  readonly executable: string;
  readonly commit: string;
  readonly dir: string;
}

/**
 * `fuzz-proto` of Luau release `tag`, from the cache when it was built before, else built
 * there with `nice -n 15 make -jN config=fuzz CXX=clang++ CC=clang fuzz-proto` (one build at a
 * time per tree) in a work tree
 * of the tag's commit, libprotobuf-mutator at the commit Luau's Makefile checks out.
 *
 * @throws {@link FuzzerSetupError} when a tool or a git directory is missing, or the build fails.
 * @example
 * ```ts
 * const { executable } = buildLuauFuzzer({ luauGit, mutatorGit, tag: '0.715', jobs: 2, say });
 * ```
 */
export function buildLuauFuzzer(options: FuzzerBuildOptions): LuauFuzzer {
  const { tag, say } = options;
  for (const [flag, dir, url] of [
    ['--luau-git', options.luauGit, 'https://github.com/luau-lang/luau'],
    ['--mutator-git', options.mutatorGit, 'https://github.com/google/libprotobuf-mutator'],
  ] as const) {
    if (!existsSync(dir))
      throw new FuzzerSetupError(
        `${flag}: no git directory at ${dir}; make one with\n  git clone --bare ${url} ${dir}`,
      );
  }
  let commit: string;
  try {
    commit = git(options.luauGit, ['rev-parse', `${tag}^{commit}`]);
  } catch {
    throw new FuzzerSetupError(`--luau-git: ${options.luauGit} has no tag ${tag}`);
  }
  const dir = join(fuzzerCache, `luau-fuzzer-${tag.replace(/^0\./, '')}`, commit);
  const tree = join(dir, 'luau');
  const executable = join(tree, 'fuzz-proto');
  const stamp = join(dir, 'built.json');
  if (existsSync(stamp) && existsSync(executable)) return { executable, commit, dir };
  const missing = missingFuzzerTools();
  if (missing !== undefined)
    throw new FuzzerSetupError(
      `building Luau's fuzzer needs ${missing.tools.join(', ')}, not found on this machine. ` +
        `On Debian or Ubuntu, as root:\n  ${missing.install}`,
    );
  if (!existsSync(join(tree, 'Makefile'))) {
    say(`unpacking Luau ${tag} (${commit}) into ${tree}`);
    mkdirSync(tree, { recursive: true });
    execFileSync(
      'sh',
      ['-c', 'git --git-dir="$1" archive "$2" | tar x -C "$3"', 'sh'].concat([
        options.luauGit,
        commit,
        tree,
      ]),
    );
  }
  const mutator = join(tree, 'build', 'libprotobuf-mutator');
  if (!existsSync(join(mutator, 'CMakeLists.txt'))) {
    // The commit the Makefile's own clone checks out.
    const pinned = /libprotobuf-mutator checkout ([0-9a-f]{40})/.exec(
      readFileSync(join(tree, 'Makefile'), 'utf8'),
    )?.[1];
    if (pinned === undefined)
      throw new FuzzerSetupError(`${tree}/Makefile names no libprotobuf-mutator commit`);
    say(`unpacking libprotobuf-mutator ${pinned} into ${mutator}`);
    mkdirSync(mutator, { recursive: true });
    try {
      execFileSync(
        'sh',
        ['-c', 'git --git-dir="$1" archive "$2" | tar x -C "$3"', 'sh'].concat([
          options.mutatorGit,
          pinned,
          mutator,
        ]),
      );
    } catch {
      throw new FuzzerSetupError(`--mutator-git: ${options.mutatorGit} has no commit ${pinned}`);
    }
  }
  // One build at a time in a tree: a second bench waits for the first's (flock, util-linux).
  const make = [
    'flock',
    join(dir, 'build.lock'),
    'nice',
    '-n',
    '15',
    'make',
    `-j${options.jobs}`,
    'config=fuzz',
    'CXX=clang++',
    'CC=clang',
    'CMAKE_CXX=clang++',
    'CMAKE_CC=clang',
    'fuzz-proto',
  ];
  const log = join(dir, 'build.log');
  say(`building: (cd ${tree} && ${make.join(' ')}) > ${log}`);
  const fd = openSync(log, 'a');
  const built = spawnSync(make[0]!, make.slice(1), { cwd: tree, stdio: ['ignore', fd, fd] });
  if (built.error !== undefined) throw new FuzzerSetupError(`${make[0]}: ${built.error.message}`);
  closeSync(fd);
  if (built.status !== 0 || !existsSync(executable)) {
    const tail = readFileSync(log, 'utf8').split('\n').slice(-15).join('\n');
    throw new FuzzerSetupError(`building fuzz-proto failed (log: ${log}):\n${tail}`);
  }
  writeFileSync(stamp, JSON.stringify({ tag, commit, command: make.join(' ') }, null, 2) + '\n');
  return { executable, commit, dir };
}

/** What a run of the fuzzer left. */
export interface FuzzerRun {
  /** Its corpus folder (text-format `luau.ModuleSet` trees). */
  readonly corpus: string;
  /** Its crash, timeout and out-of-memory reproducers. */
  readonly artifacts: string;
  /** Wall-clock seconds. */
  readonly seconds: number;
}

/**
 * Runs `fuzz-proto` for `seconds` with libFuzzer's fork mode, `workers` processes, going on
 * past crashes, timeouts and out-of-memory inputs (each left in `artifacts`) as a long run
 * does; its output goes to `log`. Luau's Makefile and README give the protobuf fuzzer no seed
 * corpus: it starts from the empty tree.
 *
 * @example
 * ```ts
 * const run = await runLuauFuzzer(fuzzer.executable, { seconds: 120, workers: 2, dir, seed: 1 });
 * ```
 */
export async function runLuauFuzzer(
  executable: string,
  options: { seconds: number; workers: number; dir: string; seed: number },
): Promise<FuzzerRun> {
  const corpus = join(options.dir, 'corpus');
  const artifacts = join(options.dir, 'artifacts');
  mkdirSync(corpus, { recursive: true });
  mkdirSync(artifacts, { recursive: true });
  const log = openSync(join(options.dir, 'fuzzer.log'), 'w');
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      executable,
      [
        `-max_total_time=${options.seconds}`,
        `-fork=${options.workers}`,
        `-seed=${options.seed}`,
        '-ignore_crashes=1',
        '-ignore_timeouts=1',
        '-ignore_ooms=1',
        `-artifact_prefix=${artifacts}/`,
        corpus,
      ],
      { cwd: options.dir, stdio: ['ignore', log, log] },
    );
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `${executable} ended with ${signal ?? `status ${code}`} (log: ${join(options.dir, 'fuzzer.log')})`,
            ),
          ),
    );
  });
  closeSync(log);
  return { corpus, artifacts, seconds: (performance.now() - started) / 1000 };
}

/**
 * The programs of the fuzzer's corpus (and reproducers), each tree printed with
 * {@link printCompat} as the fuzzer printed it (types on, its default), the module first when
 * there is one; trees that do not decode (the fuzzer skips those too) are counted.
 *
 * @example
 * ```ts
 * const { programs, undecodable } = fuzzerPrograms([run.corpus, run.artifacts]);
 * ```
 */
export function fuzzerPrograms(dirs: readonly string[]): {
  programs: LuauBatchProgram[];
  undecodable: number;
} {
  const programs: LuauBatchProgram[] = [];
  let undecodable = 0;
  for (const dir of dirs)
    for (const name of readdirSync(dir).sort()) {
      const file = join(dir, name);
      let chunks: string[];
      try {
        // libprotobuf-mutator parses partial messages: required fields may be missing.
        const tree = decodeTree(ModuleSetSchema, readFileSync(file), 'textproto', {
          source: file,
          allowPartial: true,
        });
        chunks = printCompat(tree);
      } catch {
        undecodable++;
        continue;
      }
      const program = chunks[chunks.length - 1]!;
      programs.push(chunks.length === 2 ? { program, module: chunks[0] } : { program });
    }
  return { programs, undecodable };
}
