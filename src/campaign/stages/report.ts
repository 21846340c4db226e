import { join } from 'node:path';
import { corpusCoverage, type CorpusCoverage } from '../guided/index.js';
import type { ResolvedCampaignOptions } from '../options.js';
import type { ProjectPool } from '../projects.js';
import { writeReport } from '../report.js';
import type { CampaignStore } from '../store.js';
import { campaignSummary, type CampaignSummary } from '../summary.js';
import type { Tally } from '../tally.js';
import type { CampaignSource } from './source.js';

/** What a campaign's report is made of. */
export interface ReportParts {
  readonly dir: string;
  readonly store: CampaignStore;
  readonly tally: Tally;
  readonly pool: ProjectPool;
  readonly source: CampaignSource;
}

/**
 * Stage **report**: the campaign's summary as counted so far, written as `summary.json` and
 * `report.html` in its directory (at the end, and whenever a finding is saved, so that a stop
 * at any moment leaves them).
 *
 * @example
 * ```ts
 * const summary = report({ dir, store, tally, pool, source }, stopped);
 * ```
 */
export function report(
  parts: ReportParts,
  stopped: boolean,
  engine?: CorpusCoverage,
): CampaignSummary {
  const { store, tally, pool, source } = parts;
  const summary = campaignSummary(store, tally, pool, stopped, source.guided, engine);
  writeReport(parts.dir, summary, store);
  return summary;
}

/**
 * What a guided campaign's corpus reaches of the coverage build, for its report; a failure is
 * said, not thrown.
 *
 * @example
 * ```ts
 * const engine = await measuredCorpus('out', o.guided.coverage, o);
 * ```
 */
export async function measuredCorpus(
  dir: string,
  coverage: string,
  o: Pick<ResolvedCampaignOptions, 'timeoutMs'>,
): Promise<CorpusCoverage> {
  try {
    return await corpusCoverage(join(dir, 'corpus'), coverage, { timeoutMs: o.timeoutMs });
  } catch (e) {
    return { unavailable: (e as Error).message };
  }
}
