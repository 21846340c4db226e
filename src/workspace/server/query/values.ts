/** The values of a query and the rules that read them against stored records (seed §4.1). */
import { ApiError } from '../api-error.js';
import { v1Errors } from '../../wire/index.js';

/** A JSON value as a query holds it. */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
/** A JSON object. */
export type Obj = { [k: string]: Json };

/** Whether a value is a JSON object (not null, not an array). */
export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Rule 1: a query is a get when any value at any depth is null.
 *
 * @example
 * ```ts
 * hasNull({ projects: { project_id: id, title: null } }); // true
 * ```
 */
export function hasNull(v: Json): boolean {
  if (v === null) return true;
  if (Array.isArray(v)) return v.some(hasNull);
  if (isObj(v)) return Object.values(v).some(hasNull);
  return false;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether every non-null leaf of `q` equals the stored value at the same place. */
export function matches(q: Json, stored: unknown): boolean {
  if (q === null) return true;
  if (isObj(q)) {
    if (!isObj(stored)) return false;
    return Object.entries(q).every(([k, v]) => matches(v, stored[k]));
  }
  return deepEqual(q, stored);
}

/** Rule 4: the query object with its nulls replaced by the stored values. */
export function fill(q: Json, stored: unknown): Json {
  if (q === null) return stored === undefined ? null : (stored as Json);
  if (isObj(q)) {
    const out: Obj = {};
    const s = isObj(stored) ? stored : {};
    for (const [k, v] of Object.entries(q)) out[k] = fill(v, s[k]);
    return out;
  }
  return q;
}

/** Recursive merge (rule 6): objects merge, scalars and arrays replace. */
export function merge(target: Obj, patch: Obj): Obj {
  const out: Obj = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    const t = out[k];
    out[k] = isObj(v) && isObj(t) ? merge(t, v) : v;
  }
  return out;
}

/** A set query's record without its null fields (option `set: true`). */
export function dropNulls(v: Obj): Obj {
  const out: Obj = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === null) continue;
    out[k] = isObj(x) ? dropNulls(x) : x;
  }
  return out;
}

/** Refuses a field of `table` that a get (or a set) may not name. */
export function checkFields(
  table: string,
  rec: Obj,
  allowed: ReadonlySet<string>,
  isGet: boolean,
): void {
  for (const k of Object.keys(rec)) {
    if (allowed.has(k)) continue;
    const field = `${table}.${k}`;
    throw new ApiError(
      isGet ? v1Errors.getNotAllowed.text(field) : v1Errors.changeNotAllowed.text(field),
    );
  }
}
