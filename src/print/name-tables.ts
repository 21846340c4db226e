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

/**
 * The tables that the reference printer of Luau 0.735 adds (`data/name-tables-735.json`).
 *
 * @example
 * ```ts
 * const { builtinLibraries }: NameTables735 = nameTables735;
 * ```
 */
export interface NameTables735 {
  /** Libraries by `ExprBuiltinRef.Library`, each with its functions by `method`. */
  readonly builtinLibraries: readonly {
    readonly name: string;
    readonly methods: readonly string[];
  }[];
  /** The metamethods a class may define, indexed by `ClassMetamethodName.index`. */
  readonly classMetamethods: readonly string[];
}

function loadNameTables735(path: string): NameTables735 {
  const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<Record<string, unknown>>;
  const libraries = data['builtinLibraries'];
  const strings = (v: unknown): boolean =>
    Array.isArray(v) && v.length > 0 && v.every((n) => typeof n === 'string');
  if (
    !Array.isArray(libraries) ||
    libraries.length === 0 ||
    !libraries.every(
      (l: Partial<Record<string, unknown>>) =>
        typeof l['name'] === 'string' && strings(l['methods']),
    )
  )
    throw new Error(`${path}: 'builtinLibraries' must be a non-empty list of { name, methods }`);
  if (!strings(data['classMetamethods']))
    throw new Error(`${path}: 'classMetamethods' must be a non-empty list of strings`);
  return data as unknown as NameTables735;
}

let loaded735: NameTables735 | undefined;

function tables735(): NameTables735 {
  return (loaded735 ??= loadNameTables735(join(packageRoot, 'data', 'name-tables-735.json')));
}

/**
 * The name tables that Luau 0.735's reference printer adds, read on first use as
 * {@link nameTables} is.
 *
 * @example
 * ```ts
 * nameTables735.builtinLibraries[0]!.name; // 'math'
 * ```
 */
export const nameTables735: NameTables735 = {
  get builtinLibraries() {
    return tables735().builtinLibraries;
  },
  get classMetamethods() {
    return tables735().classMetamethods;
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
