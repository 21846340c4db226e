import type { ProgramOutcome } from '../runtime/index.js';
import { CampaignError } from './campaign-error.js';
import type { ProjectPool } from './projects.js';

/**
 * Runs `print("luau-fuzz")` under every runtime before the campaign: a runtime that cannot run
 * it (no `luau` on the project's PATH, a broken template) would make every program a finding.
 *
 * @throws {@link CampaignError} naming the runtime that cannot run it, or why none ran it.
 * @example
 * ```ts
 * await preflight(pool, options.runtimes);
 * ```
 */
export async function preflight(pool: ProjectPool, runtimes: readonly string[]): Promise<void> {
  let outcomes: ProgramOutcome[] | undefined;
  let lastError = 'no project ran it';
  for (let attempt = 0; attempt < 3 && outcomes === undefined; attempt++) {
    await pool.waitForCapacity();
    try {
      outcomes = (
        await pool.runBatch([{ id: 'preflight', program: 'print("luau-fuzz")' }], {
          counted: false,
        })
      ).outcomes.get('preflight');
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
  }
  if (outcomes === undefined)
    throw new CampaignError(`the runtimes could not run a first program: ${lastError}`);
  outcomes.forEach((outcome, k) => {
    if (outcome.status !== 'ok') {
      throw new CampaignError(
        `runtime '${runtimes[k]}' cannot run print("luau-fuzz"): ${outcome.status}${outcome.error === undefined ? '' : `: ${outcome.error}`}`,
      );
    }
  });
}
