import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { courseLabel, type ComparedCourse } from './guided-report.js';
import { writeReport } from './report.js';
import { CampaignStore, CampaignStoreError } from './store.js';
import { readJsonFile } from '../format/index.js';
import { SummaryFile } from './campaign-formats.js';
import type { CampaignSummary } from './summary.js';

function readSummary(dir: string): CampaignSummary {
  const file = join(dir, 'summary.json');
  if (!existsSync(file))
    throw new CampaignStoreError(
      `${dir} holds no campaign summary (no summary.json): run it first`,
    );
  // Checked whole; the parts its schema leaves open (the findings' generator settings, the
  // engine's figures) are as the campaign wrote them.
  return readJsonFile(file, SummaryFile) as CampaignSummary;
}

/**
 * The course by coverage of the campaign in `dir`, as its `summary.json` holds it.
 *
 * @throws {@link CampaignStoreError} naming the directory when it holds no summary, or a summary
 * without a course: a campaign records one only when guided by a coverage build (a blind one
 * measured the same way is `run --guided RUNTIME --mutation-share 0`).
 * @example
 * ```ts
 * comparedCourse('runs/blind'); // { label: 'runs/blind (mutation share 0)', timeline: [...] }
 * ```
 */
export function comparedCourse(dir: string): ComparedCourse {
  const g = readSummary(dir).guided;
  if (g === undefined || g.timeline.length === 0)
    throw new CampaignStoreError(
      `${dir}: the campaign recorded no coverage curve (only a campaign run with --guided does; ` +
        'run a blind one as --guided RUNTIME --mutation-share 0)',
    );
  return { label: courseLabel(dir, g), timeline: g.timeline };
}

/**
 * Writes the report of the campaign in `dir` again, with the courses of the campaigns in
 * `others` on one chart with its own (`luau-fuzz report DIR --compare OTHER…`).
 *
 * @returns the report's path.
 * @throws {@link CampaignStoreError} when `dir` was not guided or an other has no course.
 * @example
 * ```ts
 * rewriteReport('runs/guided', ['runs/blind']); // 'runs/guided/report.html'
 * ```
 */
export function rewriteReport(dir: string, others: readonly string[]): string {
  const summary = readSummary(dir);
  if (others.length > 0 && summary.guided === undefined)
    throw new CampaignStoreError(
      `${dir}: the campaign was not guided, so it has no coverage curve to compare (run it with --guided)`,
    );
  const compared = others.map(comparedCourse);
  writeReport(dir, summary, CampaignStore.resume(dir), compared);
  return join(dir, 'report.html');
}
