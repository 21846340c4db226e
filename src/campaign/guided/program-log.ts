import { truncateSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonLines } from '../../format/index.js';
import { LoggedProgram } from './corpus-formats.js';

/**
 * `corpus/programs.jsonl` of `dir`, by program index (a program logged again, by a step run
 * again after the campaign stopped, as last logged). A line cut short by a stop is left out,
 * and cut from the file when `repair` is given, so that the next line appended starts a line.
 *
 * @throws {@link FormatError} naming the file, the line and the field of a faulty line.
 * @example
 * ```ts
 * const logged = readProgramLog(join(campaignDir, 'corpus')); // logged.get(57)?.origin
 * ```
 */
export function readProgramLog(dir: string, repair = false): Map<number, LoggedProgram> {
  const file = join(dir, 'programs.jsonl');
  const log = readJsonLines(file, LoggedProgram);
  if (repair && log.truncated !== undefined) truncateSync(file, log.completeBytes);
  return new Map(log.records.map((p) => [p.i, p]));
}

/**
 * The fresh programs of a guided campaign (its corpus folder `dir`): campaign index → the
 * fast-check run it was drawn at, so that a finding among them is shrunk from its replay
 * like a blind campaign's (a mutant's has no replay: its statements are deleted instead).
 *
 * @example
 * ```ts
 * const runs = freshRuns(join(campaignDir, 'corpus')); // runs.get(57) === 31
 * ```
 */
export function freshRuns(dir: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const [i, p] of readProgramLog(dir)) if (p.origin.kind === 'fresh') out.set(i, p.origin.run);
  return out;
}
