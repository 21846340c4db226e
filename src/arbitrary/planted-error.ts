/**
 * The text of the string singleton a planted error's marker aliases: `type t7 = "planted
 * convert"` stands right before the statement whose error the checker must report. An unused
 * alias is no error, no warning and no code, so the marker changes neither what the checker
 * says about the rest nor what the program does.
 *
 * @example
 * ```ts
 * `type t3 = "${PLANTED_PREFIX}convert"`; // a marker
 * ```
 */
export const PLANTED_PREFIX = 'planted ';

const marker = /^([ \t]*)type t\d+ = "planted ([a-z-]+)"$/;

/**
 * Where a typed program's planted error is: its kind and the lines (1-based, inclusive) of
 * the statement after the marker, which ends its block (the lines after the marker indented
 * deeper than the block's closing line).
 *
 * @example
 * ```ts
 * const planted = plantedErrorOf(source); // { kind: 'convert', from: 41, to: 43 }
 * ```
 */
export interface PlantedError {
  readonly kind: string;
  readonly from: number;
  readonly to: number;
}

/**
 * The planted error of a pretty-printed typed program, or undefined when it has none (then
 * the strict checker must report nothing).
 *
 * @example
 * ```ts
 * plantedErrorOf('do\n    type t1 = "planted convert"\n    local l2: string = l1\nend'); // { kind: 'convert', from: 3, to: 3 }
 * ```
 */
export function plantedErrorOf(source: string): PlantedError | undefined {
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = marker.exec(lines[i]!);
    if (m === null) continue;
    const indent = m[1]!.length;
    let last = i + 1;
    while (last + 1 < lines.length && indentOf(lines[last + 1]!) >= indent) last++;
    return { kind: m[2]!, from: i + 2, to: last + 1 };
  }
  return undefined;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/**
 * The verdict of {@link judgeStrict}, with the planted error it looked for and the lines of
 * the errors reported outside it.
 *
 * @example
 * ```ts
 * const { verdict, extra }: StrictVerdict = judgeStrict(source, lines);
 * ```
 */
export interface StrictVerdict {
  readonly verdict: 'clean' | 'missed' | 'extra';
  readonly planted: PlantedError | undefined;
  readonly extra: readonly number[];
}

/**
 * What the strict checker's errors say of a typed program: `clean` when it reported what it
 * should (nothing, or the planted error and nothing else); `missed` when a planted error
 * went unreported (a false negative of the checker, or a planted error that is none); `extra`
 * when it reported an error where the program has none (a false positive, or a generator
 * bug).
 *
 * @example
 * ```ts
 * judgeStrict(source, [12]); // { verdict: 'clean', planted: { kind: 'convert', from: 12, to: 12 }, extra: [] }
 * ```
 */
export function judgeStrict(source: string, errorLines: readonly number[]): StrictVerdict {
  const planted = plantedErrorOf(source);
  const inside = (l: number) => planted !== undefined && l >= planted.from && l <= planted.to;
  const extra = errorLines.filter((l) => !inside(l));
  if (extra.length > 0) return { verdict: 'extra', planted, extra };
  if (planted !== undefined && !errorLines.some(inside))
    return { verdict: 'missed', planted, extra };
  return { verdict: 'clean', planted, extra };
}
