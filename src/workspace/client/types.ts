/**
 * Request and response types of the workspace API v1 (`query`, `project_exec`, `ping`),
 * following the tables of the seed contract.
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

/** `accounts.editor_settings` (seed §2.4). */
export interface EditorSettings {
  auto_close_brackets: boolean;
  auto_close_xml_tags: boolean;
  bindings: string;
  code_folding: boolean;
  electric_chars: boolean;
  extra_button_bar: boolean;
  first_line_number: number;
  indent_unit: number;
  jupyter_classic: boolean;
  line_numbers: boolean;
  line_wrapping: boolean;
  match_brackets: boolean;
  match_xml_tags: boolean;
  multiple_cursors: boolean;
  show_trailing_whitespace: boolean;
  smart_indent: boolean;
  spaces_instead_of_tabs: boolean;
  strip_trailing_whitespace: boolean;
  tab_size: number;
  theme: string;
  track_revisions: boolean;
  undo_depth: number;
}

/**
 * The type of each editor setting, as the server validates it.
 *
 * @example
 * ```ts
 * EDITOR_SETTING_TYPES.tab_size; // 'integer'
 * ```
 */
export const EDITOR_SETTING_TYPES: Readonly<
  Record<keyof EditorSettings, 'boolean' | 'integer' | 'string'>
> = {
  auto_close_brackets: 'boolean',
  auto_close_xml_tags: 'boolean',
  bindings: 'string',
  code_folding: 'boolean',
  electric_chars: 'boolean',
  extra_button_bar: 'boolean',
  first_line_number: 'integer',
  indent_unit: 'integer',
  jupyter_classic: 'boolean',
  line_numbers: 'boolean',
  line_wrapping: 'boolean',
  match_brackets: 'boolean',
  match_xml_tags: 'boolean',
  multiple_cursors: 'boolean',
  show_trailing_whitespace: 'boolean',
  smart_indent: 'boolean',
  spaces_instead_of_tabs: 'boolean',
  strip_trailing_whitespace: 'boolean',
  tab_size: 'integer',
  theme: 'string',
  track_revisions: 'boolean',
  undo_depth: 'integer',
};

/**
 * The account defaults of `editor_settings`.
 *
 * @example
 * ```ts
 * DEFAULT_EDITOR_SETTINGS.theme; // 'default'
 * ```
 */
export const DEFAULT_EDITOR_SETTINGS: Readonly<EditorSettings> = {
  auto_close_brackets: true,
  auto_close_xml_tags: true,
  bindings: 'standard',
  code_folding: true,
  electric_chars: true,
  extra_button_bar: true,
  first_line_number: 1,
  indent_unit: 4,
  jupyter_classic: false,
  line_numbers: true,
  line_wrapping: true,
  match_brackets: true,
  match_xml_tags: true,
  multiple_cursors: true,
  show_trailing_whitespace: true,
  smart_indent: true,
  spaces_instead_of_tabs: true,
  strip_trailing_whitespace: false,
  tab_size: 4,
  theme: 'default',
  track_revisions: true,
  undo_depth: 300,
};

/** An account record (table `accounts`). */
export interface AccountRecord {
  account_id: string;
  editor_settings: EditorSettings;
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

/** One element of `options` of a query: `{limit: N}`, `{order_by: 'field'}` or `{set: bool}`. */
export type QueryOption = { limit: number } | { order_by: string } | { set: boolean };

/** The value of `aggregate` of `project_exec`: a number or string compared by order. */
export type AggregateValue = number | string;

/** Fields of a `project_exec` request (seed §4.2). */
export interface ExecRequest {
  /** Request id; generated when omitted. */
  id?: string;
  /** Project in which the command runs. */
  project_id: string;
  /** Working directory relative to the project's home. Default `''` (the home). */
  path?: string;
  /** Executable or shell command. */
  command: string;
  /** Command-line arguments. Default `[]`. */
  args?: string[];
  /** Seconds the command may run. Default 10. */
  timeout?: number;
  /** Groups identical requests (seed §4.2 rule 5). Default none. */
  aggregate?: AggregateValue;
  /** Characters kept of stdout and of stderr. Default none. */
  max_output?: number;
  /** Run `command` as a bash command line. Default false. */
  bash?: boolean;
  /** A nonzero exit code is an error. Default true. */
  err_on_exit?: boolean;
}

/** A successful `project_exec` response. */
export interface ExecResponse {
  event: 'project_exec_output';
  id: string;
  stdout: string;
  stderr: string;
  exit_code: number;
}

/** A `query` response. */
export interface QueryResponse<Q = Record<string, unknown>> {
  event: 'query';
  id: string;
  query: Q;
  multi_response: false;
}

/** A `ping` response. */
export interface PongResponse {
  event: 'pong';
  id: string;
  /** Server time, ISO 8601 UTC with milliseconds. */
  now: string;
}

/** A failure response. */
export interface ErrorResponse {
  event: 'error';
  id: string;
  error: string;
}

/** The two versions of the workspace API: the seed's v1 and the live service's v2. */
export type ApiVersion = 'v1' | 'v2';

/**
 * The request body limits of each version, in bytes: v1 parsed JSON with the framework
 * default of 100 kB, v2 (Next.js API routes) accepts 1 MB. Larger bodies get HTTP 413.
 *
 * @example
 * ```ts
 * BODY_LIMITS.v2; // 1048576
 * ```
 */
export const BODY_LIMITS: Readonly<Record<ApiVersion, number>> = { v1: 102_400, v2: 1_048_576 };

/** A v2 `exec` answer: blocking, or an async job's state (`async_call`, `async_get`). */
export type ExecV2Response =
  | { type: 'blocking'; stdout: string; stderr: string; exit_code: number }
  | {
      type: 'async';
      job_id: string;
      status: 'running' | 'completed' | 'error';
      /** Start time in ms since the epoch. */
      start: number;
      stdout: string;
      stderr: string;
      exit_code: number;
      pid?: number;
      /** Seconds the job ran, once it finished. */
      elapsed_s?: number;
    };

/**
 * A v2 async job's state, as `async_call` and `async_get` answer it.
 *
 * @example
 * ```ts
 * const job: AsyncJob = await client.startJob({ project_id, command: 'sleep', args: ['5'], timeout: 10 });
 * ```
 */
export type AsyncJob = Extract<ExecV2Response, { type: 'async' }>;
