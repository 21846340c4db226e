/**
 * Projects as the workspace API reads and writes them (seed §2.2, §2.3): the records of
 * table `projects`, their users and upgrades, and the published paths.
 */
import Type, { type Static } from 'typebox';

/**
 * Fields of `upgrades` inside a project's user entry (seed §2.3).
 *
 * @example
 * ```ts
 * const upgrades: ProjectUpgrades = { memory: 2000, network: 1 };
 * ```
 */
export const ProjectUpgrades = Type.Object({
  cores: Type.Optional(Type.Number({ description: 'CPU cores.' })),
  memory: Type.Optional(Type.Number({ description: 'Memory in megabytes.' })),
  mintime: Type.Optional(Type.Number({ description: 'Idle timeout in seconds.' })),
  network: Type.Optional(Type.Number({ description: 'Internet access: 1 means enabled.' })),
  cpu_shares: Type.Optional(Type.Number({ description: 'CPU shares, stored multiplied by 256.' })),
  disk_quota: Type.Optional(Type.Number({ description: 'Disk quota in megabytes.' })),
  member_host: Type.Optional(Type.Number({ description: 'Member hosting: 1 means enabled.' })),
});
export type ProjectUpgrades = Static<typeof ProjectUpgrades>;

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

/**
 * A user's role in a project.
 *
 * @example
 * ```ts
 * Value.Check(ProjectGroup, 'owner'); // true
 * ```
 */
export const ProjectGroup = Type.Union([Type.Literal('owner'), Type.Literal('collaborator')]);
export type ProjectGroup = Static<typeof ProjectGroup>;

/**
 * One entry of `projects.users` (seed §2.3).
 *
 * @example
 * ```ts
 * const entry: ProjectUser = { group: 'collaborator' };
 * ```
 */
export const ProjectUser = Type.Object({
  group: Type.Optional(ProjectGroup),
  hide: Type.Optional(
    Type.Boolean({ description: "Whether the project is hidden from this user's lists." }),
  ),
  upgrades: Type.Optional(ProjectUpgrades),
});
export type ProjectUser = Static<typeof ProjectUser>;

/**
 * Where a project is in its life cycle, as returned by a get of `projects.state`.
 *
 * @example
 * ```ts
 * const s: ProjectState = { state: 'running', time: new Date().toISOString() };
 * ```
 */
export const ProjectState = Type.Object({
  state: Type.Union([
    Type.Literal('running'),
    Type.Literal('starting'),
    Type.Literal('stopped'),
    Type.Literal('archived'),
  ]),
  time: Type.String({ description: 'When the project entered that state (ISO 8601).' }),
});
export type ProjectState = Static<typeof ProjectState>;

/**
 * A project record (seed §2.2, table `projects`), as `getProject` and `listProjects` read it.
 *
 * @example
 * ```ts
 * const p = checkValue(ProjectRecord, row, 'the answer of POST /api/v1/query');
 * ```
 */
export const ProjectRecord = Type.Object({
  project_id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  users: Type.Record(Type.String(), ProjectUser, {
    description: "Map from account UUID to the user's entry.",
  }),
  last_edited: Type.Optional(Type.String({ description: 'Last activity (ISO 8601).' })),
  state: Type.Optional(ProjectState),
});
export type ProjectRecord = Static<typeof ProjectRecord>;

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
