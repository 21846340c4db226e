import type { RuntimeGroup } from './triage.js';

/** Characters of a differing line shown, at most. */
const LINE_CHARS = 60;

function excerpt(line: string | undefined): string {
  if (line === undefined) return '(no line)';
  const cut = line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line;
  return JSON.stringify(cut);
}

/**
 * What a mismatch whose runtimes all ran the program (`ok`) comes down to: that the outputs
 * differ, and their first differing line in each group, e.g.
 * `outputs differ at line 3: A "x = 1" | B "x = 2"`. `undefined` when fewer than two groups ran
 * it (the statuses then tell the difference). The groups hold the start of each output: a
 * difference past it is reported as past the excerpt.
 *
 * @example
 * ```ts
 * outputDifference(runtimeGroups(runtimes, outcomes), labels);
 * ```
 */
export function outputDifference(
  groups: readonly RuntimeGroup[],
  label: (spec: string) => string = (spec) => spec,
): string | undefined {
  const ran = groups.filter((g) => g.status === 'ok');
  if (ran.length < 2) return undefined;
  const lines = ran.map((g) => g.output.split('\n'));
  const longest = Math.max(...lines.map((l) => l.length));
  let at = 0;
  while (at < longest && lines.every((l) => l[at] === lines[0]![at])) at++;
  if (at === longest) return 'outputs differ past the excerpt kept';
  const parts = ran.map((g, k) => `${g.runtimes.map(label).join(', ')} ${excerpt(lines[k]![at])}`);
  return `outputs differ at line ${at + 1}: ${parts.join(' | ')}`;
}
