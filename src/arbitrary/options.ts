import type { DepthSize } from 'fast-check';
import { grammars, type GrammarName } from '../tree/grammar.js';
import { OptionError } from './option-error.js';

/**
 * How valid generated trees are, each level including the ones before it:
 * - `schema`: anything the wire format allows (every required field set, oneofs sometimes unset);
 * - `syntax`: the pretty printer's output parses;
 * - `scoped`: it also compiles (scopes, frames, register and nesting limits, real globals);
 * - `runnable`: it also runs to completion without error and prints the same output every time;
 * - `typed`: runnable, with type annotations derived from the generated values and no
 *   module, type aliases or type functions (aimed at the strict type checker).
 *
 * @example
 * ```ts
 * const level: ValidityLevel = 'runnable';
 * ```
 */
export type ValidityLevel = 'schema' | 'syntax' | 'scoped' | 'runnable' | 'typed';

/**
 * Every {@link ValidityLevel}, weakest first.
 *
 * @example
 * ```ts
 * for (const level of validityLevels) luauArbitraries({ level });
 * ```
 */
export const validityLevels: readonly ValidityLevel[] = [
  'schema',
  'syntax',
  'scoped',
  'runnable',
  'typed',
];

/**
 * A named set of syntax families that fits a runtime or parser:
 * - `luau`: the full grammar of the schema;
 * - `luau-web`: what the bundled luau-web VM accepts (no integer literals).
 *
 * @example
 * ```ts
 * const profile: ProfileName = 'luau-web';
 * ```
 */
export type ProfileName = 'luau' | 'luau-web';

/**
 * Every {@link ProfileName}.
 *
 * @example
 * ```ts
 * profileNames.includes('luau-web'); // true
 * ```
 */
export const profileNames: readonly ProfileName[] = ['luau', 'luau-web'];

/**
 * The type checker typed programs are made for: `old`, the old solver of Luau 0.715 (the
 * reference: its strict mode accepts every clean program); `new`, the new solver
 * (`LuauSolverV2`, and every mode of 0.735, which has no other), whose intended rules reject
 * some of what the old accepts (`rawget` on a table without an indexer).
 *
 * @example
 * ```ts
 * const checker: CheckerTarget = 'new';
 * ```
 */
export type CheckerTarget = 'old' | 'new';

/**
 * Every {@link CheckerTarget}.
 *
 * @example
 * ```ts
 * checkerTargets.includes('new'); // true
 * ```
 */
export const checkerTargets: readonly CheckerTarget[] = ['old', 'new'];

/**
 * Syntax families that can be switched on or off one by one.
 *
 * @example
 * ```ts
 * const features: Partial<LuauFeatures> = { integerLiterals: false, continue: false };
 * ```
 */
export interface LuauFeatures {
  /** Type annotations on locals, parameters and return types. */
  typeAnnotations: boolean;
  /** Type aliases (`type t1 = ...`). */
  typeAliases: boolean;
  /** Generic type parameters and packs (`<A, B...>`). */
  generics: boolean;
  /** Function attributes (`@native`, `@checked`, `@deprecated`, `@[...]`). */
  attributes: boolean;
  /** Type functions (`type function t1() ... end`). */
  typeFunctions: boolean;
  /** Interpolated strings (`` `a{b}` ``). */
  interpolatedStrings: boolean;
  /** Integer literals (`5i`). */
  integerLiterals: boolean;
  /** Compound assignment (`x += 1`). */
  compoundAssignment: boolean;
  /** The `continue` statement. */
  continue: boolean;
  /** If-expressions (`if c then a else b`). */
  ifExpressions: boolean;
  /** A module beside the program, loaded with `local x = require(module0)`. */
  modules: boolean;
}

/**
 * Options of `luauArbitraries` and `luauProgram`.
 *
 * @example
 * ```ts
 * const options: LuauArbitraryOptions = { level: 'scoped', profile: 'luau-web', maxStatements: 4 };
 * ```
 */
export interface LuauArbitraryOptions {
  /** How valid the trees are. Default `'syntax'`. */
  level?: ValidityLevel;
  /**
   * The grammar of the trees: `'715'`, the seed's schema, or `'735'`, Luau 0.735's fuzzer
   * schema (classes, `const` and `export`, builtin references, paren-less calls), whose trees
   * print with `{ grammar: grammar735 }` and parse on Luau 0.735 with the class flags. Grammar
   * 735 is generated at every level; its runnable programs add classes, `const`, builtin
   * references and paren-less calls to the seed's and run with the class flags, its typed
   * programs the forms 0.735's checker (the new solver) accepts of them.
   * Default `'715'`.
   */
  grammar?: GrammarName;
  /** Which syntax families are on before `features` applies. Default `'luau'`. */
  profile?: ProfileName;
  /** Per-feature switches that override the profile. Default: the profile's. */
  features?: Partial<LuauFeatures>;
  /**
   * Type syntax at all (annotations, aliases, type functions, generics). `false` switches
   * all of those off and prints without annotations. Default `true`.
   */
  types?: boolean;
  /**
   * Deepest nesting of recursive constructs (statements, expressions, types). Default `6`
   * (`12` at the schema level); at most {@link MAX_VALID_DEPTH} above the schema level.
   */
  maxDepth?: number;
  /** Most statements in one block. Default `6`. */
  maxStatements?: number;
  /**
   * Messages in one tree, module and program together, approximately: once a tree reaches
   * it, no further statement is added and further expressions are constants. At the syntax
   * and scoped levels a tree ends a little above it (the statements being completed), and
   * `maxDepth` and `maxStatements` usually stop it first. At the runnable and typed levels it
   * bounds the program's own computation: the fuel table, input tables, loop guards and the
   * checksum come on top, several hundred messages that do not shrink with it, so that trees
   * are a few times `maxNodes` for small values and nearer to it for large ones
   * (docs/architecture.md#tree-size; `npm run bench -- tree-size` measures it). Default `400`.
   * Not applied at the schema level.
   */
  maxNodes?: number;
  /**
   * How quickly recursion favours small cases as it gets deeper (fast-check's `depthSize`).
   * Default `'medium'`.
   */
  depthSize?: DepthSize;
  /**
   * At the typed level, the percentage of programs that carry exactly one planted type error
   * (see `plantedErrorOf`), 0 to 100: the strict checker must report it at its line and
   * nothing else, so that a program can show a missed error (a false negative) as well as a
   * wrong one, and reach the code that explains errors. The rest of such a program is as
   * strict-clean as any other. Default {@link DEFAULT_PLANTED_ERRORS}.
   */
  plantedErrors?: number;
  /** At the typed level, the checker the programs are made for. Default `'old'` (`'new'` for grammar 735). */
  checker?: CheckerTarget;
}

/**
 * The default share of typed programs with a planted error, in percent: two in five, so that
 * most programs still test that valid code passes (the checker's false positives, the typed
 * level's first purpose, which a planted program still tests on all its other lines) while a
 * thousand programs plant some eight errors of each of about fifty kinds, each with types
 * drawn afresh (the code that prints types and explains a mismatch grows with the variety of
 * types and kinds; at a quarter, a kind's rarer forms came up in one seed's thousand programs
 * and not in the next).
 *
 * @example
 * ```ts
 * resolveOptions({ level: 'typed' }).plantedErrors === DEFAULT_PLANTED_ERRORS; // true
 * ```
 */
export const DEFAULT_PLANTED_ERRORS = 40;

/**
 * The deepest `maxDepth` above the schema level: each level of the grammar nests a few
 * constructs in the printed source, so this keeps programs far below the parser's limit of
 * 1000 nested constructs.
 *
 * @example
 * ```ts
 * luauArbitraries({ level: 'syntax', maxDepth: MAX_VALID_DEPTH });
 * ```
 */
export const MAX_VALID_DEPTH = 64;

/**
 * Options with every default filled in.
 *
 * @example
 * ```ts
 * const { features, maxNodes }: ResolvedOptions = resolveOptions({ profile: 'luau-web' });
 * ```
 */
export interface ResolvedOptions {
  level: ValidityLevel;
  grammar: GrammarName;
  profile: ProfileName;
  features: LuauFeatures;
  types: boolean;
  maxDepth: number;
  maxStatements: number;
  maxNodes: number;
  depthSize: DepthSize;
  plantedErrors: number;
  checker: CheckerTarget;
}

const fullLanguage: LuauFeatures = {
  typeAnnotations: true,
  typeAliases: true,
  generics: true,
  attributes: true,
  typeFunctions: true,
  interpolatedStrings: true,
  integerLiterals: true,
  compoundAssignment: true,
  continue: true,
  ifExpressions: true,
  modules: true,
};

const profiles: Record<ProfileName, LuauFeatures> = {
  luau: fullLanguage,
  'luau-web': { ...fullLanguage, integerLiterals: false },
};

/**
 * The features a profile switches on.
 *
 * @example
 * ```ts
 * profileFeatures('luau-web').integerLiterals; // false
 * ```
 */
export function profileFeatures(profile: ProfileName): LuauFeatures {
  const features = profiles[profile];
  if (features === undefined) throw new RangeError(`unknown profile '${String(profile)}'`);
  return { ...features };
}

/**
 * Fills in every default of {@link LuauArbitraryOptions} and checks the values, throwing an
 * {@link OptionError} (a `RangeError`) that names the bad option.
 *
 * @example
 * ```ts
 * resolveOptions({ level: 'scoped' }).maxStatements; // 6
 * ```
 */
export function resolveOptions(options: LuauArbitraryOptions = {}): ResolvedOptions {
  const level = oneOf('level', options.level ?? 'syntax', validityLevels);
  const grammar = oneOf(
    'grammar',
    options.grammar ?? '715',
    grammars.map((g) => g.name),
  );
  // Luau 0.735's checker is the new solver in every mode.
  if (grammar === '735' && level === 'typed' && options.checker === 'old') {
    throw new OptionError(
      'checker',
      `must be 'new' for grammar 735: Luau 0.735 checks with the new solver only`,
    );
  }
  const profile = oneOf('profile', options.profile ?? 'luau', profileNames);
  const resolved: ResolvedOptions = {
    level,
    grammar,
    profile,
    features: resolvedFeatures(options, profile),
    types: options.types ?? true,
    maxDepth: options.maxDepth ?? (level === 'schema' ? 12 : 6),
    maxStatements: options.maxStatements ?? 6,
    maxNodes: options.maxNodes ?? 400,
    depthSize: options.depthSize ?? 'medium',
    plantedErrors: options.plantedErrors ?? DEFAULT_PLANTED_ERRORS,
    checker: oneOf(
      'checker',
      options.checker ?? (grammar === '735' && level === 'typed' ? 'new' : 'old'),
      checkerTargets,
    ),
  };
  checkTypedOnly(options, level);
  checkSizes(resolved);
  return resolved;
}

/** The profile's features, with those given over them, and none of the types' without types. */
function resolvedFeatures(options: LuauArbitraryOptions, profile: ProfileName): LuauFeatures {
  const features = { ...profileFeatures(profile), ...definedOnly(options.features ?? {}) };
  if (!(options.types ?? true)) {
    features.typeAnnotations = false;
    features.typeAliases = false;
    features.typeFunctions = false;
    features.generics = false;
  }
  return features;
}

/** Options that only typed programs use: an error at another level, where they would do nothing. */
function checkTypedOnly(options: LuauArbitraryOptions, level: ValidityLevel): void {
  if (options.checker !== undefined && options.checker !== 'old' && level !== 'typed') {
    throw new OptionError(
      'checker',
      `applies only at the typed level (its programs are type-checked), not at level '${level}'`,
    );
  }
  // Only typed programs carry planted errors: a share given at another level would do nothing.
  if (options.plantedErrors !== undefined && level !== 'typed') {
    throw new OptionError(
      'plantedErrors',
      `applies only at the typed level (its programs are type-checked), not at level '${level}'`,
    );
  }
}

/** The planted errors' share, the depth, statement and node limits: in range, or an error. */
function checkSizes(resolved: ResolvedOptions): void {
  const planted = resolved.plantedErrors;
  if (!Number.isInteger(planted) || planted < 0 || planted > 100) {
    throw new OptionError(
      'plantedErrors',
      `must be an integer from 0 to 100, got ${String(planted)}`,
    );
  }
  for (const key of ['maxDepth', 'maxStatements', 'maxNodes'] as const) {
    const value = resolved[key];
    if (!Number.isInteger(value) || value < 1) {
      throw new OptionError(key, `must be a positive integer, got ${String(value)}`);
    }
  }
  if (resolved.level !== 'schema' && resolved.maxDepth > MAX_VALID_DEPTH) {
    throw new OptionError(
      'maxDepth',
      `must be at most ${MAX_VALID_DEPTH} above the schema level (Luau's parser stops at 1000 nested constructs), got ${resolved.maxDepth}`,
    );
  }
}

/** `value`, when it is one of `names`; else an {@link OptionError} naming the option. */
function oneOf<T extends string>(option: string, value: T, names: readonly T[]): T {
  if (!names.includes(value)) {
    throw new OptionError(
      option,
      `must be one of ${names.join(', ')}, got '${String(value)}'`,
      `unknown ${option} '${String(value)}' (one of ${names.join(', ')})`,
    );
  }
  return value;
}

function definedOnly(features: Partial<LuauFeatures>): Partial<LuauFeatures> {
  return Object.fromEntries(Object.entries(features).filter(([, v]) => v !== undefined));
}
