import { join } from 'node:path';
import Type, { type Static } from 'typebox';
import { readJsonFile } from '../format/index.js';
import { packageRoot } from '../package-root.js';

const names = Type.Immutable(Type.Array(Type.String(), { minItems: 1 }));

/**
 * The four name tables that the reference printer indexes (`data/name-tables.json`).
 *
 * @example
 * ```ts
 * const { names }: NameTables = nameTables;
 * ```
 */
export const NameTables = Type.Object({
  /** Global and field names, indexed by `Name.builtin`. */
  names,
  /** Primitive type names, indexed by `TypePrimitive.kind`. */
  primitiveTypes: names,
  /** Extern (class) type names, indexed by `TypeExtern.kind`. */
  externTypes: names,
  /** Builtin type function names, indexed by `BuiltinTypeName.index`. */
  builtinTypeNames: names,
});
export type NameTables = Static<typeof NameTables>;

let loaded: NameTables | undefined;

/** The tables, read from `data/name-tables.json` on first use. */
function tables(): NameTables {
  return (loaded ??= readJsonFile(join(packageRoot, 'data', 'name-tables.json'), NameTables));
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
export const NameTables735 = Type.Object({
  /** Libraries by `ExprBuiltinRef.Library`, each with its functions by `method`. */
  builtinLibraries: Type.Immutable(
    Type.Array(Type.Object({ name: Type.String(), methods: names }), { minItems: 1 }),
  ),
  /** The metamethods a class may define, indexed by `ClassMetamethodName.index`. */
  classMetamethods: names,
});
export type NameTables735 = Static<typeof NameTables735>;

let loaded735: NameTables735 | undefined;

function tables735(): NameTables735 {
  return (loaded735 ??= readJsonFile(
    join(packageRoot, 'data', 'name-tables-735.json'),
    NameTables735,
  ));
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
