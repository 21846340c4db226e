/**
 * Projects as the workspace API reads and writes them (seed §2.2, §2.3): the records of
 * table `projects`, their users and upgrades, and the published paths.
 */

/** Fields of `upgrades` inside a project's user entry (seed §2.3). */
export interface ProjectUpgrades {
  /** CPU cores. */
  cores?: number;
  /** Memory in megabytes. */
  memory?: number;
  /** Idle timeout in seconds. */
  mintime?: number;
  /** Internet access: 1 means enabled. */
  network?: number;
  /** CPU shares, stored multiplied by 256. */
  cpu_shares?: number;
  /** Disk quota in megabytes. */
  disk_quota?: number;
  /** Member hosting: 1 means enabled. */
  member_host?: number;
}

/**
 * The names of the fields of {@link ProjectUpgrades}.
 *
 * @example
 * ```ts
 * UPGRADE_FIELDS.includes('memory'); // true
 * ```
 */
export const UPGRADE_FIELDS = [
  'cores',
  'memory',
  'mintime',
  'network',
  'cpu_shares',
  'disk_quota',
  'member_host',
] as const satisfies readonly (keyof ProjectUpgrades)[];

/** A user's role in a project. */
export type ProjectGroup = 'owner' | 'collaborator';

/** One entry of `projects.users` (seed §2.3). */
export interface ProjectUser {
  group?: ProjectGroup;
  /** Whether the project is hidden from this user's lists. */
  hide?: boolean;
  /** Present only when upgrades are applied. */
  upgrades?: ProjectUpgrades;
}

/** Where a project is in its life cycle, as returned by a get of `projects.state`. */
export interface ProjectState {
  state: 'running' | 'starting' | 'stopped' | 'archived';
  /** When the project entered that state (ISO 8601). */
  time: string;
}

/** A project record (seed §2.2, table `projects`). */
export interface ProjectRecord {
  project_id: string;
  title: string;
  description: string;
  /** Map from account UUID to the user's entry. */
  users: Record<string, ProjectUser>;
  /** Last activity (ISO 8601): exec, start and set update it. */
  last_edited?: string;
  state?: ProjectState;
}

/** A published path (table `public_paths`). */
export interface PublicPathRecord {
  /** sha1(project_id + path), hexadecimal. */
  id: string;
  project_id: string;
  path: string;
  description: string;
  disabled: boolean;
  created: string;
  last_edited: string;
}
