import type { TSchema } from 'typebox';
import { ExecRequest, PingRequest, QueryRequest } from '../wire/index.js';

/** How a form-encoded string of a field becomes its value. */
export type FieldKind = 'boolean' | 'number' | 'json';

/** The kind of a field's schema: what a form value of it must be turned into. */
function kindOf(schema: TSchema): FieldKind | undefined {
  const s = schema as { type?: string; anyOf?: TSchema[] };
  if (s.type === 'boolean') return 'boolean';
  if (s.type === 'number' || s.type === 'integer') return 'number';
  if (s.type === 'array' || s.type === 'object') return 'json';
  // `aggregate`: a number when it reads as one, else the string.
  if (s.anyOf?.some((b) => kindOf(b) === 'number')) return 'number';
  return undefined;
}

/**
 * The kinds of the top-level fields of the v1 request bodies, read from their schemas, for
 * turning form-encoded strings into values.
 *
 * @example
 * ```ts
 * FIELD_KINDS.timeout; // 'number'
 * ```
 */
export const FIELD_KINDS: Readonly<Record<string, FieldKind>> = Object.fromEntries(
  [PingRequest, QueryRequest, ExecRequest].flatMap((body) =>
    Object.entries(body.properties).flatMap(([field, schema]) => {
      const kind = kindOf(schema);
      return kind === undefined ? [] : [[field, kind] as const];
    }),
  ),
);
