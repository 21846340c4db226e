import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import { FormatError, type FormatErrorDetails } from './format-error.js';

/** One schema error, as TypeBox's `Value.Errors` and Ajv report them. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A schema error turned into words: the field it is about and what is wrong. */
export interface Problem {
  field: string;
  problem: string;
}

/**
 * A JSON pointer (`/query/projects/0/title`) as a field path (`query.projects[0].title`).
 *
 * @example
 * ```ts
 * fieldPath('/users/0/name'); // 'users[0].name'
 * ```
 */
export function fieldPath(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  }
  return out;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const raw of pointer.split('/').slice(1)) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return v;
}

const depth = (e: SchemaError): number =>
  e.instancePath.split('/').length +
  (e.keyword === 'required' || e.keyword === 'additionalProperties' ? 1 : 0);

/**
 * Keeps, of each union (`anyOf`), the errors of the branch the value meant: branches whose
 * discriminating constant differs are dropped, then the branch whose errors go deepest wins.
 */
function withinBranches(errors: readonly SchemaError[]): SchemaError[] {
  let left = [...errors];
  const unions = left
    .filter((e) => e.keyword === 'anyOf' && e.schemaPath !== undefined)
    .sort((a, b) => (a.schemaPath as string).length - (b.schemaPath as string).length);
  for (const u of unions) {
    const prefix = `${u.schemaPath as string}/anyOf/`;
    const branches = new Map<string, SchemaError[]>();
    for (const e of left) {
      if (!e.schemaPath?.startsWith(prefix)) continue;
      const i = e.schemaPath.slice(prefix.length).split('/')[0] as string;
      branches.set(i, [...(branches.get(i) ?? []), e]);
    }
    if (branches.size === 0) continue;
    const all = [...branches.values()];
    const simple = all.every(
      (b) =>
        b.length === 1 &&
        b[0]?.instancePath === u.instancePath &&
        (b[0].keyword === 'type' || b[0].keyword === 'const'),
    );
    if (simple) continue;
    // A constant of the branch's own fields tells which shape the value is not.
    const discriminant = (e: SchemaError) =>
      e.keyword === 'const' &&
      /^\d+\/properties\/[^/]+$/.test((e.schemaPath as string).slice(prefix.length));
    const open = all.filter((b) => !b.some(discriminant));
    const candidates = open.length > 0 ? open : all;
    const deepest = (b: SchemaError[]) => Math.max(...b.map(depth));
    const best = candidates.reduce((a, b) =>
      deepest(b) > deepest(a) || (deepest(b) === deepest(a) && b.length < a.length) ? b : a,
    );
    left = left.filter((e) => e === u || !e.schemaPath?.startsWith(prefix) || best.includes(e));
  }
  return left;
}

/**
 * The most telling of a value's schema errors, in words: the deepest field that is wrong,
 * a missing or unknown field named as such, the types of a union listed together.
 *
 * @example
 * ```ts
 * describeProblem([...Value.Errors(schema, value)], value); // { field: 'stdout', problem: 'must be string, not integer' }
 * ```
 */
export function describeProblem(errors: readonly SchemaError[], value: unknown): Problem {
  const left = withinBranches(errors).filter((e) => e.keyword !== 'boolean');
  const specific = left.filter((e) => e.keyword !== 'anyOf');
  const pool = specific.length > 0 ? specific : left;
  const first = pool.reduce<SchemaError | undefined>(
    (a, e) => (a === undefined || depth(e) > depth(a) ? e : a),
    undefined,
  );
  if (first === undefined) return { field: '', problem: 'does not match its format' };
  const field = fieldPath(first.instancePath);
  const found = kindOf(valueAt(value, first.instancePath));
  const join = (parent: string, name: unknown) =>
    fieldPath(`${parent}/${String(name).replace(/~/g, '~0').replace(/\//g, '~1')}`);
  switch (first.keyword) {
    case 'required': {
      const missing = (first.params.requiredProperties ?? [
        first.params.missingProperty,
      ]) as unknown[];
      return { field: join(first.instancePath, missing[0]), problem: 'is missing' };
    }
    case 'additionalProperties': {
      const extra = (first.params.additionalProperties ?? [
        first.params.additionalProperty,
      ]) as unknown[];
      return {
        field: join(first.instancePath, extra[0]),
        problem: 'is not a field of this format',
      };
    }
    case 'type': {
      const types = pool
        .filter((e) => e.keyword === 'type' && e.instancePath === first.instancePath)
        .flatMap((e) => [e.params.type].flat().map(String));
      return { field, problem: `must be ${[...new Set(types)].join(' or ')}, not ${found}` };
    }
    case 'const': {
      const values = pool
        .filter((e) => e.keyword === 'const' && e.instancePath === first.instancePath)
        .map((e) => JSON.stringify(e.params.allowedValue));
      return { field, problem: `must be ${values.join(' or ')}` };
    }
    case 'enum':
      return {
        field,
        problem: `must be one of ${(first.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      };
    default:
      return { field, problem: first.message ?? `fails the '${first.keyword}' check` };
  }
}

/**
 * Checks a value against a schema and returns it typed, or throws a {@link FormatError}
 * naming `source`, the field and what is wrong.
 *
 * @example
 * ```ts
 * const pong = checkValue(PongResponse, body, 'the answer of POST /api/v1/ping');
 * ```
 */
export function checkValue<T extends TSchema>(
  schema: T,
  value: unknown,
  source: string,
  details: Omit<FormatErrorDetails, 'field'> = {},
): Static<T> {
  if (Value.Check(schema, value)) return value as Static<T>;
  const { field, problem } = describeProblem(Value.Errors(schema, value) as SchemaError[], value);
  throw new FormatError(source, problem, { ...details, field });
}
