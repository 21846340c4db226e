import type { ProjectUpgrades, ProjectUser } from '../wire/index.js';

/** The limits a project runs under (units as in `upgrades`). */
export type ProjectQuotas = Required<ProjectUpgrades>;

/**
 * Quotas of a project without upgrades (the platform's defaults).
 *
 * @example
 * ```ts
 * DEFAULT_QUOTAS.memory; // 1000 (MB)
 * ```
 */
export const DEFAULT_QUOTAS: Readonly<ProjectQuotas> = {
  disk_quota: 3000,
  cores: 1,
  memory: 1000,
  mintime: 1800,
  network: 0,
  cpu_shares: 0,
  member_host: 0,
};

/**
 * A project's effective quotas: the base quotas plus the upgrades every user applied to it
 * (amounts add up; `network` and `member_host` are on when any user turns them on).
 *
 * @example
 * ```ts
 * effectiveQuotas({ a: { group: 'owner', upgrades: { memory: 500 } } }).memory; // 1500
 * ```
 */
export function effectiveQuotas(
  users: Record<string, ProjectUser>,
  base: Readonly<ProjectQuotas> = DEFAULT_QUOTAS,
): ProjectQuotas {
  const q: ProjectQuotas = { ...base };
  for (const user of Object.values(users)) {
    const u = user.upgrades;
    if (u === undefined) continue;
    for (const k of ['disk_quota', 'cores', 'memory', 'mintime', 'cpu_shares'] as const) {
      q[k] += u[k] ?? 0;
    }
    if ((u.network ?? 0) > 0) q.network = 1;
    if ((u.member_host ?? 0) > 0) q.member_host = 1;
  }
  return q;
}
