/**
 * A failure answered as `{"event":"error","id":...,"error":message}`. `status` is 200 for
 * failures inside a valid request (the platform's behaviour), 4xx for requests that are
 * malformed or not authenticated.
 *
 * @example
 * ```ts
 * throw new ApiError('you do not have read access to this project');
 * ```
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number = 200,
  ) {
    super(message);
  }
}

/**
 * The message texts of the API (the notes' wording, kept in one place).
 *
 * @example
 * ```ts
 * messages.multiResponse; // "multi_response queries aren't supported"
 * ```
 */
export const messages = {
  noAuth: 'You must provide authentication via an API key.',
  badKey: 'No account found. Is your API key wrong?',
  unknownEndpoint: (op: string) => `unknown endpoint '${op}'`,
  unexpectedArgument: (k: string) => `got an unexpected argument '${k}'`,
  mustBeSpecified: (k: string) => `property '${k}' must be specified`,
  noReadAccess: 'you do not have read access to this project',
  noWriteAccess: 'you do not have write access to this project',
  oneKey: 'must specify exactly one key in the query',
  multiResponse: "multi_response queries aren't supported",
  unknownOption: (k: string) => `unknown option '${k}'`,
  changeNotAllowed: (field: string) => `changing ${field} not allowed`,
  getNotAllowed: (field: string) => `getting ${field} not allowed`,
  actionNotImplemented: (a: string) => `action '${a}' not implemented`,
  execKilled: (command: string, args: readonly string[]) =>
    `Error executing command '${command}' with args '${args.join(',')}' -- killed command '${command} ${args.join(' ')}'`,
  execNonZero: (command: string, args: readonly string[], code: number, stderr: string) =>
    `Error executing command '${command}' with args '${args.join(',')}' -- command '${command}' (args=${args.join(',')}) exited with nonzero code ${code} -- stderr='${stderr.slice(0, 1024)}'`,
  projectStarting: (projectId: string) =>
    `timeout -- project '${projectId}' is starting; repeat the request`,
} as const;
