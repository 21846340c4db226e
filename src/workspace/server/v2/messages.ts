/**
 * The error texts of API v2, as the platform's source words them (kept in one place).
 *
 * @example
 * ```ts
 * v2Messages.signIn; // 'must be signed in'
 * ```
 */
export const v2Messages = {
  signIn: 'must be signed in',
  badUuid: "invalid account_id or project_id -- all must be valid uuid's",
  projectUuid: 'project_id must be a valid uuid',
  notCollaborator: 'user must be a collaborator on the project',
  collaboratorTo: (action: string) => `must be a collaborator to ${action} project`,
  /** A hub-to-project call past its limit rejects with a bare string; `.message` is undefined. */
  hubTimeout: 'undefined',
  noJob: (jobId: string) =>
    `Error executing command 'undefined' with args 'undefined' -- Error: Async operation '${jobId}' does not exist.`,
  anonymousGet: (table: string) => `FATAL: anonymous get queries not allowed for table '${table}'`,
  anonymousSet: 'FATAL: no anonymous set queries',
  bodyTooLarge: (limit: number) => `Body exceeded ${Math.round(limit / 1024)}kb limit`,
  jupyter: 'do not run smc-jupyter directly',
} as const;
