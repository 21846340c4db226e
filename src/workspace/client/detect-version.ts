import type { ApiVersion } from '../wire/index.js';
import {
  AuthenticationError,
  ConfigurationError,
  GatewayError,
  HttpError,
  InvalidRequestError,
  WorkspaceError,
} from './errors.js';
import type { Transport } from './transport.js';
import { OWN_ACCOUNT } from './v2-api.js';

/** Whether a failed probe means "no such endpoint" (404, HTML, an unknown endpoint). */
function notThere(e: unknown): e is WorkspaceError {
  return (
    !(e instanceof GatewayError) && (e instanceof HttpError || e instanceof InvalidRequestError)
  );
}

/**
 * Finds the API version a service speaks: v1's `ping` first (the seed's contract, with
 * query options), then v2's `user-query` on the own account. A key either refuses is an
 * {@link AuthenticationError}, a service that answers neither a {@link ConfigurationError}.
 *
 * @example
 * ```ts
 * const version = await detectVersion(transport); // 'v1' or 'v2'
 * ```
 */
export async function detectVersion(transport: Transport): Promise<ApiVersion> {
  let v1: string;
  try {
    await transport.call('v1', 'ping', {});
    return 'v1';
  } catch (e) {
    // Only "no such endpoint" answers move on to v2.
    if (!notThere(e)) throw e;
    v1 = e.message;
  }
  try {
    await transport.call('v2', 'user-query', OWN_ACCOUNT);
    return 'v2';
  } catch (e) {
    if (e instanceof AuthenticationError) throw e;
    // An HTTP 200 {"error": …} is v2 speaking (a project-specific key cannot read accounts).
    if (e instanceof WorkspaceError && e.status === 200) return 'v2';
    if (!notThere(e)) throw e;
    throw new ConfigurationError(
      `no workspace API at ${transport.baseUrl}: /api/v1/ping answered ${v1}; /api/v2/user-query answered ${e.message}`,
    );
  }
}
