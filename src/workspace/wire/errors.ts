/**
 * The errors of the workspace API, each defined once: its kind (which typed error a client
 * throws), the text a server writes, and the pattern a client reads it back by. Our server
 * writes the texts; the hosted platform's texts (v1 of its era, v2 today) are defined too,
 * so that a client reads them the same way.
 */
import { ExecRequest } from './v1.js';

/** What a failure means to a client; each kind is one typed error. */
export type ErrorKind =
  | 'authentication'
  | 'hub-timeout'
  | 'async-job-lost'
  | 'exec-timeout'
  | 'nonzero-exit'
  | 'project-starting'
  | 'access-denied'
  | 'quota-exceeded'
  | 'invalid-request';

/** An error of the API: its kind, its text (or how to write it), and how to recognise it. */
export interface WireError<T extends string | ((...args: never[]) => string)> {
  readonly kind: ErrorKind;
  readonly text: T;
  /** Matches the text, ours and the platform's wording; named groups carry its values. */
  readonly pattern: RegExp;
}

function define<T extends string | ((...args: never[]) => string)>(
  kind: ErrorKind,
  text: T,
  pattern: RegExp,
): WireError<T> {
  return { kind, text, pattern };
}

const list = (args: readonly string[], sep: string) => args.join(sep);

/**
 * The texts of API v1 (the notes' wording; the platform's where the seed is silent).
 *
 * @example
 * ```ts
 * v1Errors.multiResponse.text; // "multi_response queries aren't supported"
 * v1Errors.unexpectedArgument.text('bogus'); // "got an unexpected argument 'bogus'"
 * ```
 */
export const v1Errors = {
  noAuth: define(
    'authentication',
    'You must provide authentication via an API key.',
    /^You must provide authentication/,
  ),
  badKey: define('authentication', 'No account found. Is your API key wrong?', /^No account found/),
  execKilled: define(
    'exec-timeout',
    (command: string, args: readonly string[]) =>
      `Error executing command '${command}' with args '${list(args, ',')}' -- killed command '${command} ${list(args, ' ')}'`,
    / -- killed command '/,
  ),
  execNonZero: define(
    'nonzero-exit',
    (command: string, args: readonly string[], code: number, stderr: string) =>
      `Error executing command '${command}' with args '${list(args, ',')}' -- command '${command}' (args=${list(args, ',')}) exited with nonzero code ${code} -- stderr='${stderr.slice(0, 1024)}'`,
    /exited with nonzero code (?<code>-?\d+)(?: -- stderr='(?<stderr>[\s\S]*)')?/,
  ),
  projectStarting: define(
    'project-starting',
    (projectId: string) => `timeout -- project '${projectId}' is starting; repeat the request`,
    // Ours, and the platform's timeout-like answers while a project starts.
    /is starting|^timeout$|starting.*(timeout|try again)|timeout.*start/i,
  ),
  noReadAccess: define(
    'access-denied',
    'you do not have read access to this project',
    /do not have read access/,
  ),
  noWriteAccess: define(
    'access-denied',
    'you do not have write access to this project',
    /do not have write access/,
  ),
  diskQuota: define(
    'quota-exceeded',
    (usedMb: string, quotaMb: number) =>
      `disk quota exceeded: the project's home uses ${usedMb} MB of its ${quotaMb} MB quota; delete files (rm, rmdir and unlink still run) to run commands again`,
    /^disk quota exceeded/,
  ),
  unknownEndpoint: define(
    'invalid-request',
    (op: string) => `unknown endpoint '${op}'`,
    /^unknown endpoint/,
  ),
  usePost: define('invalid-request', (op: string) => `use POST for /api/v1/${op}`, /^use POST/),
  unexpectedArgument: define(
    'invalid-request',
    (k: string) => `got an unexpected argument '${k}'`,
    /^got an unexpected argument/,
  ),
  mustBeSpecified: define(
    'invalid-request',
    (k: string) => `property '${k}' must be specified`,
    /^property '/,
  ),
  badProperty: define(
    'invalid-request',
    (k: string, problem: string) => `property '${k}' ${problem}`,
    /^property '/,
  ),
  bodyNotObject: define(
    'invalid-request',
    'the request body must be a JSON object',
    /^the request body /,
  ),
  bodyTooDeep: define(
    'invalid-request',
    (levels: number) => `the request body is nested more than ${levels} levels deep`,
    /^the request body /,
  ),
  bodyTooLarge: define(
    'invalid-request',
    (limit: number) => `request body is larger than the limit of ${limit} bytes`,
    /^request body/,
  ),
  contentType: define(
    'invalid-request',
    (type: string, form: string) =>
      `unsupported content type '${type}': send application/json or ${form}`,
    /^unsupported content type/,
  ),
  oneKey: define(
    'invalid-request',
    'must specify exactly one key in the query',
    /^must specify exactly one key/,
  ),
  multiResponse: define(
    'invalid-request',
    "multi_response queries aren't supported",
    /^multi_response/,
  ),
  queryForm: define(
    'invalid-request',
    (table: string, problem: string) => `query.${table} ${problem}`,
    /^query\./,
  ),
  unknownTable: define(
    'invalid-request',
    (table: string) => `table '${table}' does not exist`,
    /^table '/,
  ),
  unknownOption: define(
    'invalid-request',
    (k: string) => `unknown option '${k}'`,
    /^unknown option/,
  ),
  badOption: define(
    'invalid-request',
    (k: string, problem: string) => `option '${k}' ${problem}`,
    /^option '/,
  ),
  changeNotAllowed: define(
    'invalid-request',
    (field: string) => `changing ${field} not allowed`,
    /^changing /,
  ),
  getNotAllowed: define(
    'invalid-request',
    (field: string) => `getting ${field} not allowed`,
    /^getting /,
  ),
  actionNotImplemented: define(
    'invalid-request',
    (a: string) => `action '${a}' not implemented`,
    /^action '.*' not implemented/,
  ),
} as const;

/**
 * The texts of API v2, as the platform's source words them.
 *
 * @example
 * ```ts
 * v2Errors.signIn.text; // 'must be signed in'
 * ```
 */
export const v2Errors = {
  signIn: define('authentication', 'must be signed in', /^must be signed in/),
  anonymousGet: define(
    'authentication',
    (table: string) => `FATAL: anonymous get queries not allowed for table '${table}'`,
    /^FATAL: anonymous get queries not allowed/,
  ),
  anonymousSet: define(
    'authentication',
    'FATAL: no anonymous set queries',
    /^FATAL: no anonymous set queries/,
  ),
  /** A hub-to-project call past its limit rejects with a bare string; `.message` is undefined. */
  hubTimeout: define('hub-timeout', 'undefined', /^undefined$/),
  noJob: define(
    'async-job-lost',
    (jobId: string) =>
      `Error executing command 'undefined' with args 'undefined' -- Error: Async operation '${jobId}' does not exist.`,
    /Async operation '[^']*' does not exist/,
  ),
  /** The `stderr` of an async job killed at its timeout. */
  jobKilled: define(
    'exec-timeout',
    (command: string, args: readonly string[]) => `killed command '${command} ${list(args, ' ')}'`,
    /^killed command '/,
  ),
  notCollaborator: define(
    'access-denied',
    'user must be a collaborator on the project',
    /^user must be a collaborator/,
  ),
  collaboratorTo: define(
    'access-denied',
    (action: string) => `must be a collaborator to ${action} project`,
    /^must be a collaborator to /,
  ),
  badUuid: define(
    'invalid-request',
    "invalid account_id or project_id -- all must be valid uuid's",
    /^invalid account_id or project_id/,
  ),
  projectUuid: define(
    'invalid-request',
    'project_id must be a valid uuid',
    /^project_id must be a valid uuid/,
  ),
  /** A field of an exec body of the wrong type (ours: the platform does not check them). */
  execField: define(
    'invalid-request',
    (field: string, problem: string) => `${field} ${problem}`,
    new RegExp(`^(${Object.keys(ExecRequest.properties).join('|')})(\\[\\d+\\])? must `),
  ),
  userQueryNotAllowed: define(
    'invalid-request',
    (kind: 'get' | 'set', field: string) => `FATAL: user ${kind} query not allowed for ${field}`,
    /user (get|set) query not allowed/,
  ),
  arrayLength: define(
    'invalid-request',
    'FATAL: array of length > 1 not yet implemented',
    /array of length/,
  ),
  jupyter: define(
    'invalid-request',
    'do not run smc-jupyter directly',
    /^do not run smc-jupyter directly/,
  ),
  bodyTooLarge: define(
    'invalid-request',
    (limit: number) => `Body exceeded ${Math.round(limit / 1024)}kb limit`,
    /^Body exceeded/,
  ),
} as const;

/**
 * Texts only the hosted platform writes (its v1 database layer and its exec path).
 *
 * @example
 * ```ts
 * platformErrors.mustBeAdmin.pattern.test('FATAL: user must be an admin'); // true
 * ```
 */
export const platformErrors = {
  writeAccess: define(
    'access-denied',
    (accountId: string, projectId: string) =>
      `User ${accountId} does not have write access to project ${projectId}`,
    /does not have (read|write) access/,
  ),
  mustBeAdmin: define(
    'access-denied',
    'FATAL: user must be an admin',
    /^FATAL: user must be an admin/,
  ),
} as const;
