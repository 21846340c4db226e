import Type, { type Static, type TSchema } from 'typebox';
import { checkValue, FormatError, parseJson } from '../../format/index.js';
import type { ApiVersion } from '../wire/index.js';
import {
  AuthenticationError,
  classifyServerError,
  HttpError,
  MalformedAnswerError,
} from './errors.js';

/** Every answer of the API is a JSON object. */
const JsonObject = Type.Record(Type.String(), Type.Unknown());

/** One HTTP answer of the workspace API, parsed. */
export interface Answer {
  /** The JSON object answered, to be read with {@link checkAnswer}. */
  body: Record<string, unknown>;
  /** The `Date` header (the server's clock), when sent. */
  date: string | null;
  /** `POST /api/<version>/<operation>`. */
  route: string;
  /** The request id the answer carries, or the one sent (v1) or made up (v2). */
  requestId: string;
  status: number;
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

/** Where a checked value came from: the route and request it answers. */
export type AnswerPlace = Pick<Answer, 'route' | 'requestId'> & { status?: number };

/**
 * Checks a value of an answer (its body, or the part `field` of it) against a schema and
 * returns it typed; another shape is a {@link MalformedAnswerError} naming the route, the
 * request id and the field.
 *
 * @example
 * ```ts
 * const pong = checkAnswer(PongResponse, await transport.call('v1', 'ping', {}));
 * const p = checkAnswer(ProjectRecord, r.query.projects, place, 'query.projects');
 * ```
 */
export function checkAnswer<T extends TSchema>(schema: T, answer: Answer): Static<T>;
export function checkAnswer<T extends TSchema>(
  schema: T,
  value: unknown,
  place: AnswerPlace,
  field: string,
): Static<T>;
export function checkAnswer<T extends TSchema>(
  schema: T,
  value: unknown,
  place: AnswerPlace = value as Answer,
  field?: string,
): Static<T> {
  const body = field === undefined ? (value as Answer).body : value;
  try {
    return checkValue(schema, body, `the answer of ${place.route} to request ${place.requestId}`);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    const path = [field ?? '', e.field].filter((p) => p !== '').join('.');
    const message = `the answer of ${place.route} to request ${place.requestId}: ${path === '' ? '' : `field '${path}' `}${e.problem}`;
    throw new MalformedAnswerError(message, place.route, path, {
      requestId: place.requestId,
      status: place.status,
      cause: e,
    });
  }
}

/**
 * Reads an answer that is not a gateway error nor HTTP 413: its JSON object, or the typed
 * error it stands for. Error shapes: ours `{"event":"error",…}` (v1), the platform's v1 HTTP
 * 400 `{"error": …}`, and v2's HTTP 200 `{"error": …}`, which a client must test for before
 * anything else. JSON that is not an object is a {@link MalformedAnswerError}.
 *
 * @example
 * ```ts
 * const answer = readAnswer(res, await res.text(), { version: 'v1', operation: 'ping', id, redact });
 * ```
 */
export function readAnswer(res: Response, text: string, req: AnsweredRequest): Answer {
  const excerpt = req.redact(text.slice(0, EXCERPT));
  const route = `POST /api/${req.version}/${req.operation}`;
  const prefix = `HTTP ${res.status} ${res.statusText} from ${req.operation}`;
  let parsed: unknown;
  try {
    // Any JSON: which shape it must be is the operation's to check, once errors are told apart.
    parsed = parseJson(text, Type.Unknown(), route);
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    const flat = excerpt.replace(/\s+/g, ' ').trim();
    throw new HttpError(`${prefix}: the answer is not JSON: ${flat}`, excerpt, {
      requestId: req.id,
      status: res.status,
    });
  }
  const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  const obj = (isObject ? parsed : {}) as Record<string, unknown>;
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
  const answer: Answer = {
    body: parsed as Record<string, unknown>,
    date: res.headers.get('date'),
    route,
    requestId,
    status: res.status,
  };
  checkAnswer(JsonObject, answer);
  return answer;
}
