import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';

/**
 * The four name tables that the reference printer indexes (`data/name-tables.json`).
 *
 * @example
 * ```ts
 * const { names }: NameTables = nameTables;
 * ```
 */
export interface NameTables {
  /** Global and field names, indexed by `Name.builtin`. */
  readonly names: readonly string[];
  /** Primitive type names, indexed by `TypePrimitive.kind`. */
  readonly primitiveTypes: readonly string[];
  /** Extern (class) type names, indexed by `TypeExtern.kind`. */
  readonly externTypes: readonly string[];
  /** Builtin type function names, indexed by `BuiltinTypeName.index`. */
  readonly builtinTypeNames: readonly string[];
}

const tableKeys = ['names', 'primitiveTypes', 'externTypes', 'builtinTypeNames'] as const;

function loadNameTables(path: string): NameTables {
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  for (const key of tableKeys) {
    const table = data[key];
    if (!Array.isArray(table) || table.length === 0 || !table.every((n) => typeof n === 'string')) {
      throw new Error(`${path}: '${key}' must be a non-empty list of strings`);
    }
  }
  return data as unknown as NameTables;
}

let loaded: NameTables | undefined;

/** The tables, read from `data/name-tables.json` on first use. */
function tables(): NameTables {
  return (loaded ??= loadNameTables(join(packageRoot, 'data', 'name-tables.json')));
}

/**
 * The name tables of the reference printer, from the package's `data/name-tables.json`, read
 * the first time a table is used (not on import: importing the library reads no file).
 *
 * @example
 * ```ts
 * nameTables.primitiveTypes[4]; // 'number'
 * ```
 */
export const nameTables: NameTables = {
  get names() {
    return tables().names;
  },
  get primitiveTypes() {
    return tables().primitiveTypes;
  },
  get externTypes() {
    return tables().externTypes;
  },
  get builtinTypeNames() {
    return tables().builtinTypeNames;
  },
};

const TWO_64 = 2n ** 64n;

/**
 * `u64(v) mod n` for an int32 `v`: the value sign-extended to 64 bits and read unsigned, as
 * the reference printer indexes its tables (so -1 is 2^64-1).
 *
 * @example
 * ```ts
 * u64Mod(-1, 19); // (2^64 - 1) mod 19 = 15
 * ```
 */
export function u64Mod(v: number, n: number): number {
  if (v >= 0) return v % n;
  let wrap = wraps.get(n);
  if (wrap === undefined) {
    wrap = Number(TWO_64 % BigInt(n));
    wraps.set(n, wrap);
  }
  return ((((v % n) + n) % n) + wrap) % n;
}

/** `2^64 mod n`, per table length met. */
const wraps = new Map<number, number>();
