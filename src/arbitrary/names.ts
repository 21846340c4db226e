import { luauKeywords, nameTables } from '../print/index.js';

/**
 * Globals that exist in every supported runtime (the bundled luau-web VM and the reference
 * Luau): the only names the `scoped` level and above read as globals.
 *
 * @example
 * ```ts
 * runtimeGlobals.includes('math'); // true
 * ```
 */
export const runtimeGlobals: readonly string[] = [
  '_G',
  '_VERSION',
  'assert',
  'bit32',
  'buffer',
  'coroutine',
  'debug',
  'error',
  'gcinfo',
  'getfenv',
  'getmetatable',
  'ipairs',
  'math',
  'newproxy',
  'next',
  'os',
  'pairs',
  'pcall',
  'print',
  'rawequal',
  'rawget',
  'rawlen',
  'rawset',
  'select',
  'setfenv',
  'setmetatable',
  'string',
  'table',
  'tonumber',
  'tostring',
  'type',
  'typeof',
  'unpack',
  'utf8',
  'vector',
  'xpcall',
];

function indicesWhere(keep: (name: string) => boolean): readonly number[] {
  const out: number[] = [];
  nameTables.names.forEach((name, i) => {
    if (keep(name)) out.push(i);
  });
  return out;
}

let identifiers: readonly number[] | undefined;
let runtime: readonly number[] | undefined;
let nameIndex: Map<string, number> | undefined;

// The tables are read on first use, not on import (see `nameTables`).

/**
 * Indices (`Name.builtin`) of the names that are identifiers, not reserved words.
 *
 * @example
 * ```ts
 * identifierNameIndices().includes(builtinIndex('math')); // true
 * ```
 */
export function identifierNameIndices(): readonly number[] {
  return (identifiers ??= indicesWhere(
    (n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n) && !luauKeywords.has(n),
  ));
}

/**
 * Indices (`Name.builtin`) of the names that are globals of the runtime ({@link runtimeGlobals}).
 *
 * @example
 * ```ts
 * runtimeGlobalIndices().includes(builtinIndex('print')); // true
 * ```
 */
export function runtimeGlobalIndices(): readonly number[] {
  return (runtime ??= indicesWhere((n) => runtimeGlobals.includes(n)));
}

/**
 * The index of `name` in the name table (`Name.builtin`); throws when the table lacks it.
 *
 * @example
 * ```ts
 * builtinIndex('math'); // the index of 'math'
 * ```
 */
export function builtinIndex(name: string): number {
  if (nameIndex === undefined) {
    // Each name's first index in the table (what `indexOf` gives).
    const index = new Map<string, number>();
    nameTables.names.forEach((n, i) => {
      if (!index.has(n)) index.set(n, i);
    });
    nameIndex = index;
  }
  const i = nameIndex.get(name);
  if (i === undefined) throw new Error(`'${name}' is not in the name table`);
  return i;
}
