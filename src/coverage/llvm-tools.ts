import { existsSync, readdirSync, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

/** The LLVM tools that read source-based coverage profiles. */
export interface LlvmTools {
  /** Path of `llvm-profdata` (merges raw profiles). */
  readonly profdata: string;
  /** Path of `llvm-cov` (exports coverage per source file). */
  readonly cov: string;
}

/** Options of {@link findLlvmTools}. */
export interface FindLlvmToolsOptions {
  /** A folder holding the tools, searched instead of `PATH`. Default: none. */
  readonly llvmBin?: string | undefined;
  /** The search path. Default: the `PATH` environment variable. */
  readonly path?: string | undefined;
}

/**
 * `llvm-profdata` or `llvm-cov` could not be found; the message says what is missing and how
 * to get it.
 *
 * @example
 * ```ts
 * try { findLlvmTools(); } catch (e) { if (e instanceof LlvmToolsMissingError) usage(e.message); }
 * ```
 */
export class LlvmToolsMissingError extends Error {
  override readonly name = 'LlvmToolsMissingError';
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** `name` in `dir`, else the highest versioned `name-N` there (Debian installs `llvm-cov-14`). */
function lookIn(dir: string, name: string): string | undefined {
  const plain = join(dir, name);
  if (isFile(plain)) return plain;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return undefined;
  }
  const versioned = entries
    .map((e) => ({ e, m: new RegExp(`^${name}-(\\d+)$`).exec(e) }))
    .filter((x) => x.m !== null && isFile(join(dir, x.e)))
    .sort((a, b) => Number(b.m![1]) - Number(a.m![1]));
  return versioned[0] === undefined ? undefined : join(dir, versioned[0].e);
}

/**
 * Finds `llvm-profdata` and `llvm-cov`: in `llvmBin` when given, else on the search path,
 * under their plain names or versioned ones (`llvm-profdata-14`). They should be of the LLVM
 * release of the clang that built Luau (a raw profile's format follows the compiler's).
 *
 * @throws {@link LlvmToolsMissingError} naming what is missing and how to get it.
 * @example
 * ```ts
 * const { profdata, cov } = findLlvmTools({ llvmBin: '/usr/lib/llvm-14/bin' });
 * ```
 */
export function findLlvmTools(options: FindLlvmToolsOptions = {}): LlvmTools {
  const dirs =
    options.llvmBin !== undefined
      ? [resolve(options.llvmBin)]
      : (options.path ?? process.env['PATH'] ?? '').split(delimiter).filter((d) => d !== '');
  if (options.llvmBin !== undefined && !existsSync(dirs[0]!))
    throw new LlvmToolsMissingError(`--llvm-bin: no such folder: ${dirs[0]}`);
  const find = (name: string): string | undefined => {
    for (const dir of dirs) {
      const found = lookIn(dir, name);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const profdata = find('llvm-profdata');
  const cov = find('llvm-cov');
  if (profdata !== undefined && cov !== undefined) return { profdata, cov };
  const missing = [
    profdata === undefined ? 'llvm-profdata' : '',
    cov === undefined ? 'llvm-cov' : '',
  ]
    .filter((n) => n !== '')
    .join(' and ');
  const where = options.llvmBin !== undefined ? `in --llvm-bin ${dirs[0]}` : 'on the PATH';
  throw new LlvmToolsMissingError(
    `${missing} not found ${where} (also looked for versioned names such as llvm-cov-14). ` +
      'They read the coverage profiles and must come from the LLVM release of the clang that ' +
      'built Luau: install it (Debian/Ubuntu: apt-get install llvm-14, or the llvm package of ' +
      'your clang; macOS: they come with Xcode, e.g. $(xcrun -f llvm-cov)) and put its bin ' +
      'folder on the PATH, or name that folder with --llvm-bin DIR.',
  );
}
