import { saveFindings } from '../finding-storage.js';
import type { ProjectPool } from '../projects.js';
import type { CampaignStore } from '../store.js';
import type { CampaignBudget } from './budget.js';

/**
 * Stage **shrink**: saves every finding not saved yet and shrinks those waiting for it (see
 * `saveFindings`), in what is left of the budget, unless the campaign was stopped or its
 * time is spent. `onStart` is called when shrinking starts, `beforeEach` before each finding.
 *
 * @example
 * ```ts
 * await shrink({ store, pool, budget, signal, onStart: () => progress.say('shrink'), beforeEach: () => progress.say() });
 * ```
 */
export async function shrink(args: {
  readonly store: CampaignStore;
  readonly pool: ProjectPool;
  readonly budget: CampaignBudget;
  readonly signal?: AbortSignal | undefined;
  readonly onStart: () => void;
  readonly beforeEach: () => void;
}): Promise<void> {
  const left = args.budget.shrinkLeft();
  if (args.signal?.aborted === true || (left !== undefined && left <= 0)) return;
  args.onStart();
  await saveFindings({
    store: args.store,
    pool: args.pool,
    ...(args.signal === undefined ? {} : { signal: args.signal }),
    ...(left === undefined ? {} : { deadline: Date.now() + left }),
    beforeEach: args.beforeEach,
  });
}
