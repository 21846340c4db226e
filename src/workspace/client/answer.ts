import type { ApiVersion } from '../wire/index.js';
import { AuthenticationError, classifyServerError, HttpError } from './errors.js';

/** One HTTP answer of the workspace API, parsed. */
export interface Answer {
  body: Record<string, unknown>;
  /** The `Date` header (the server's clock), when sent. */
  date: string | null;
}

/** What {@link readAnswer} needs to know of the request it reads the answer of. */
export interface AnsweredRequest {
  version: ApiVersion;
  operation: string;
  /** The request id sent (v1) or made up by the client (v2). */
  id: string;
  redact: (text: string) => string;
}

/** Characters of an answer's body quoted in an error. */
export const EXCERPT = 500;

/**
 * Reads an answer that is not a gateway error nor HTTP 413: its JSON body, or the typed
 * error it stands for. Error shapes: ours `{"event":"error",…}` (v1), the platform's v1 HTTP
 * 400 `{"error": …}`, and v2's HTTP 200 `{"error": …}`, which a client must test for before
 * anything else.
 *
 * @example
 * ```ts
 * const answer = readAnswer(res, await res.text(), { version: 'v1', operation: 'ping', id, redact });
 * ```
 */
export function readAnswer(res: Response, text: string, req: AnsweredRequest): Answer {
  const excerpt = req.redact(text.slice(0, EXCERPT));
  const prefix = `HTTP ${res.status} ${res.statusText} from ${req.operation}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const flat = excerpt.replace(/\s+/g, ' ').trim();
    throw new HttpError(`${prefix}: the answer is not JSON: ${flat}`, excerpt, {
      requestId: req.id,
      status: res.status,
    });
  }
  const obj = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
    string,
    unknown
  >;
  const requestId = typeof obj.id === 'string' ? obj.id : req.id;
  const details = { requestId, status: res.status };
  if (
    obj.event === 'error' ||
    (typeof obj.error === 'string' && (!res.ok || req.version === 'v2'))
  ) {
    const message = req.redact(typeof obj.error === 'string' ? obj.error : 'unknown error');
    if (res.status === 401)
      throw new AuthenticationError(message, { ...details, serverMessage: message });
    throw classifyServerError(message, details);
  }
  if (!res.ok) throw new HttpError(`${prefix}: ${excerpt}`, excerpt, details);
  return { body: obj, date: res.headers.get('date') };
}
