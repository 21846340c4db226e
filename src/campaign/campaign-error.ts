/**
 * Every project failed again and again, or none could run a first program: the campaign
 * cannot go on.
 *
 * @example
 * ```ts
 * try { await runCampaign(args); } catch (e) { if (e instanceof CampaignError) console.error(e.message); }
 * ```
 */
export class CampaignError extends Error {
  override readonly name = 'CampaignError';
}
