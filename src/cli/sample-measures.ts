import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defaultLuauToolsDir, duplicateRate, type DuplicateRate } from '../runtime/index.js';
import { bytecodeCoverage, type BytecodeCoverage } from '../coverage/index.js';

/** What Luau's own conformance tests reach with `luau-compile --text -O2`: the goal figures. */
export const conformanceCoverage = { opcodes: 77, builtins: 132 } as const;

/** The diversity and bytecode coverage of a generated sample. */
export interface SampleMeasures {
  /** Exact duplicates among the printed programs. */
  duplicates: DuplicateRate;
  /** Opcodes and builtins at `-O2`, when a `luau-compile` was available. */
  bytecode?: BytecodeCoverage & { luauCompile: string };
}

/**
 * The default `luau-compile`: the one in the Luau tools folder beside the package, when present.
 *
 * @example
 * ```ts
 * const compiler = defaultLuauCompile(); // undefined on machines without the tools folder
 * ```
 */
export function defaultLuauCompile(): string | undefined {
  const path = join(defaultLuauToolsDir, 'luau-compile');
  return existsSync(path) ? path : undefined;
}

/**
 * The exact-duplicate rate of a printed sample (each entry a program's sources, the module's
 * first) and, with `luauCompile`, its distinct opcodes and builtins at `-O2` (each module and
 * program compiled as its own file).
 *
 * @example
 * ```ts
 * const printed: string[][] = [];
 * await checkValidity({ count: 1000, onSources: (s, i) => (printed[i] = [...s]) });
 * const m = await measureSample(printed, '/opt/luau/luau-compile');
 * ```
 */
export async function measureSample(
  printed: readonly (readonly string[])[],
  luauCompile: string | undefined,
): Promise<SampleMeasures> {
  const duplicates = duplicateRate(printed);
  if (luauCompile === undefined) return { duplicates };
  const coverage = await bytecodeCoverage(printed.flat(), { luauCompile, optimize: 2 });
  return { duplicates, bytecode: { ...coverage, luauCompile } };
}

/**
 * The measures as text lines, against the goal figures of {@link conformanceCoverage}.
 *
 * @example
 * ```ts
 * process.stdout.write(formatSampleMeasures(m));
 * ```
 */
export function formatSampleMeasures(m: SampleMeasures): string {
  const d = m.duplicates;
  const lines = [
    `exact duplicates: ${d.duplicates} of ${d.count} (${(100 * d.rate).toFixed(1)}%; goal at most 1%)`,
  ];
  const b = m.bytecode;
  if (b === undefined) {
    lines.push('bytecode coverage: not measured (no luau-compile; give --luau-compile PATH)');
  } else {
    const opcodes = Object.keys(b.opcodes);
    const builtins = Object.keys(b.builtins);
    lines.push(
      `bytecode (luau-compile --text -O2, ${b.sources} files, ${b.compileErrors} rejected): ` +
        `${opcodes.length} distinct opcodes (conformance tests: ${conformanceCoverage.opcodes}), ` +
        `${builtins.length} distinct builtins (conformance tests: ${conformanceCoverage.builtins})`,
    );
    lines.push(`  builtins: ${builtins.join(' ') || 'none'}`);
    for (const e of b.errors.slice(0, 3)) lines.push(`  rejected: ${e}`);
  }
  return lines.join('\n') + '\n';
}
