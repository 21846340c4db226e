import fc from 'fast-check';
import {
  ValidityTally,
  validitySettings,
  type ValidityCheckOptions,
  type ValidityReport,
} from '../campaign/index.js';
import { luauProgram, resolveOptions } from '../arbitrary/index.js';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runToolReports, type RuntimeProfile } from '../runtime/index.js';
import { treeStats, type AnyGrammar } from '../tree/index.js';

/**
 * `luau-compile` beside the runtime's `luau`, with its `--fflags`, as a command line: what
 * compiles a grammar's programs without running them.
 */
function compilerOf(runtime: RuntimeProfile | undefined): string[] {
  const compile =
    runtime?.kind === 'luau-cli' ? join(dirname(runtime.executable), 'luau-compile') : undefined;
  if (compile === undefined || !existsSync(compile))
    throw new Error(
      `--grammar needs --runtime luau-cli:path=LUAU, a luau with luau-compile beside it (a Luau of that release: its programs are compiled with it)${compile === undefined ? '' : `; there is no ${compile}`}`,
    );
  const flags =
    runtime?.kind === 'luau-cli' ? runtime.options.filter((o) => o.startsWith('--fflags=')) : [];
  return [compile, ...flags, '--null'];
}

/**
 * The parse rate of programs of a grammar's own schema (`--grammar 735`), at the levels it is
 * generated at (schema, syntax): as `checkValidity` reports it for the seed's grammar, with
 * the trees printed by the grammar's printer and compiled, not run, by the `luau-compile`
 * beside the runtime's `luau` with the runtime's `--fflags`, and the
 * coverage of every oneof case of the grammar's schema.
 *
 * @example
 * ```ts
 * const report = await grammarValidity(grammar735, { level: 'syntax', count: 1000, seed: 1, runtime });
 * report.compiled === report.count;
 * ```
 */
export async function grammarValidity(
  grammar: AnyGrammar,
  options: ValidityCheckOptions,
): Promise<ValidityReport> {
  const { count, timeoutMs, workers, onProgress, onSources, runtime, seed, generator } =
    validitySettings(options);
  const resolved = resolveOptions({ ...generator, grammar: grammar.name });
  const programs = fc.sample(luauProgram({ ...generator, grammar: grammar.name }), {
    seed,
    numRuns: count,
  });
  const compiler = compilerOf(runtime);
  const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-check-'));
  const tally = new ValidityTally();
  let compiled: number;
  try {
    const files = writeSources(grammar, programs, dir, tally, onSources);
    // Compiled, not run: a compile-only run through the runtime starts each source with a
    // `return`, which 0.735 refuses beside `export`.
    const reports = await runToolReports(compiler, files, {
      cwd: dir,
      timeoutMs,
      concurrency: workers,
    });
    compiled = tallyReports(reports, programs, tally, (i) => onProgress?.(i + 1, count));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { level, profile } = resolved;
  return tally.report(
    grammar.file,
    { level, profile, seed, count },
    { parsed: compiled, compiled, ran: undefined, sameOutput: undefined },
  );
}

/** Writes each program's sources to `dir`, tallying the trees: their file names. */
function writeSources(
  grammar: AnyGrammar,
  programs: readonly { tree: unknown; sources: readonly string[] }[],
  dir: string,
  tally: ValidityTally,
  onSources: ValidityCheckOptions['onSources'],
): string[][] {
  return programs.map(({ tree, sources }, i) => {
    tally.addTree(treeStats(grammar.moduleSet, tree as never));
    onSources?.(sources, i);
    return sources.map((text, j) => {
      const file = `p${i}-${j}.luau`;
      writeFileSync(join(dir, file), text);
      return file;
    });
  });
}

/** Tallies the statuses of the compiler's reports and its errors by message: the programs that compiled. */
function tallyReports(
  reports: readonly { status: string; lines: readonly string[] }[],
  programs: readonly { sources: readonly string[] }[],
  tally: ValidityTally,
  onReport: (i: number) => void,
): number {
  let compiled = 0;
  reports.forEach((r, i) => {
    tally.addStatus(r.status === 'ok' ? 'ok' : r.status === 'error' ? 'compile-error' : r.status);
    if (r.status === 'ok') compiled++;
    else {
      const line = r.lines[0] ?? r.status;
      const message = line.replace(/^.*?\(\d+,\d+\): /, '').slice(0, 160);
      tally.addError(message, programs[i]!.sources.join('\n-- program\n'));
    }
    onReport(i);
  });
  return compiled;
}
