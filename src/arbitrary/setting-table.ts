import Type, { type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';
import { describeProblem, type SchemaError } from '../format/index.js';
import { OptionError } from './option-error.js';

/**
 * One setting of a command area, named once: its flag, the type of its value, its default,
 * its check, its help text and whether a campaign's `options.json` records it. The command
 * line's options and help, the resolution of given settings, the schema of the file and the
 * library's option types are all read from a table of these ({@link SettingTable}).
 *
 * @example
 * ```ts
 * const maxDepth: Setting<TMaxDepth> = {
 *   flag: '--max-depth <n>', schema: Type.Union([Type.Integer(), Type.Null()]), default: null,
 *   check: (v) => (v === null || v >= 1 ? undefined : `must be an integer ≥ 1, got ${v}`),
 *   help: 'deepest nesting', defaultText: '6', stored: true, absentAs: null,
 * };
 * ```
 */
export interface Setting<S extends TSchema = TSchema> {
  /**
   * The flag with its value's placeholder (`--max-depth <n>`), or `--no-x` for a switch on by
   * default. Absent: the setting has none (the library's alone).
   */
  readonly flag?: string;
  /** The type of its value. */
  readonly schema: S;
  /**
   * Its value when not given, or how the settings given decide it. Absent: none, and the
   * setting stays absent unless given.
   */
  readonly default?: Static<S> | ((given: Readonly<Record<string, unknown>>) => Static<S>);
  /** What is wrong with a value, as the end of a sentence (`must be …`); undefined when nothing. */
  check?(value: Static<S>, resolved: Readonly<Record<string, unknown>>): string | undefined;
  /** The help text, without the default. */
  readonly help: string;
  /** The default as the help says it; else the default value's JSON, when it has a fixed one. */
  readonly defaultText?: string;
  /** Whether a campaign's `options.json` records it. */
  readonly stored: boolean;
  /** What a recorded file written before the setting existed reads as (absent: the file must have it). */
  readonly absentAs?: Static<S>;
  /**
   * Reads its value from the command line: the value of each flag given, by flag
   * (`--diff`), for a setting that several flags make up. Default: its own flag's value.
   */
  readonly fromFlags?: (flags: Readonly<Record<string, unknown>>) => Static<S> | undefined;
  /** Parses its flag's text (default: by its type: a whole number, a choice, the text itself). */
  readonly parse?: (text: string, flag: string) => Static<S>;
  /** Other flags that make it up with {@link Setting.fromFlags} (`--diff` of the runtimes). */
  readonly moreFlags?: readonly {
    readonly flag: string;
    readonly help: string;
    readonly parse?: (text: string, flag: string) => unknown;
  }[];
}

/**
 * A {@link Setting} of a schema, its value's type read from the schema (for the default, the
 * check and the parser), and whether it has a default kept in its type.
 *
 * @example
 * ```ts
 * const types = setting(Type.Boolean(), { flag: '--no-types', default: true, help: 'no type syntax', stored: true });
 * ```
 */
export function setting<S extends TSchema, X extends Omit<Setting<S>, 'schema'>>(
  schema: S,
  rest: X,
): X & { readonly schema: S } {
  return { ...rest, schema };
}

/**
 * Settings by the name the library gives them (`maxDepth`).
 *
 * @example
 * ```ts
 * const table = { maxDepth } satisfies SettingTable;
 * ```
 */
export type SettingTable = { readonly [name: string]: Setting };

/** The names of a table's settings that always have a value once resolved. */
type WithDefault<T extends SettingTable> = {
  [K in keyof T]: T[K] extends { readonly default: unknown } ? K : never;
}[keyof T];

/**
 * The settings of a table as given: each one absent or of its type.
 *
 * @example
 * ```ts
 * const given: GivenSettings<typeof table> = { maxDepth: 4 };
 * ```
 */
export type GivenSettings<T extends SettingTable> = {
  readonly [K in keyof T]?: Static<T[K]['schema']>;
};

/**
 * The settings of a table as resolved: those with a default always present.
 *
 * @example
 * ```ts
 * const resolved: ResolvedSettings<typeof table> = resolveSettings(table, {});
 * ```
 */
export type ResolvedSettings<T extends SettingTable> = {
  readonly [K in WithDefault<T>]: Static<T[K]['schema']>;
} & {
  readonly [K in Exclude<keyof T, WithDefault<T>>]?: Static<T[K]['schema']>;
};

/**
 * The whole-number branch of a schema (an integer, or an integer or null), if any, with its
 * range.
 *
 * @example
 * ```ts
 * integerOf(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]))?.minimum; // 1
 * ```
 */
export function integerOf(schema: TSchema): { minimum?: number; maximum?: number } | undefined {
  const s = schema as { type?: unknown; anyOf?: TSchema[]; minimum?: number; maximum?: number };
  if (s.type === 'integer') return s;
  return s.anyOf?.map(integerOf).find((b) => b !== undefined);
}

/**
 * What is wrong with a value of a schema: a number that should be a whole one in a range said
 * as such, the rest in the words of the checked formats.
 */
function typeProblem(schema: TSchema, value: unknown): string | undefined {
  if (Value.Check(schema, value)) return undefined;
  const integer = integerOf(schema);
  if (integer !== undefined && typeof value === 'number') {
    const { minimum: min, maximum: max } = integer;
    const range =
      min !== undefined && max !== undefined
        ? ` from ${min} to ${max}`
        : min !== undefined
          ? ` ≥ ${min}`
          : '';
    return `must be an integer${range}, got ${value}`;
  }
  const { problem } = describeProblem(Value.Errors(schema, value) as SchemaError[], value);
  return problem;
}

/**
 * Fills in the defaults of a table's settings and checks every value, in the table's order
 * (a default may read the settings before it): an {@link OptionError} names the setting.
 *
 * @example
 * ```ts
 * resolveSettings(table, { maxDepth: 0 }); // OptionError: option maxDepth must be an integer ≥ 1, got 0
 * ```
 */
export function resolveSettings<T extends SettingTable>(
  table: T,
  given: GivenSettings<T>,
): ResolvedSettings<T> {
  const out: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(table)) {
    const byDefault = setting.default;
    let value = (given as Record<string, unknown>)[name];
    if (value === undefined)
      value = typeof byDefault === 'function' ? byDefault({ ...given, ...out }) : byDefault;
    if (value === undefined) continue;
    const reason = typeProblem(setting.schema, value) ?? setting.check?.(value, out);
    if (reason !== undefined) throw new OptionError(name, reason);
    out[name] = value;
  }
  return out as ResolvedSettings<T>;
}

/**
 * The schema of the settings a file records (those `stored`): required, but those older files
 * may lack ({@link Setting.absentAs}), which are optional; `extra` adds the file's own fields.
 *
 * @example
 * ```ts
 * const OptionsFile = storedSchema(campaignSettingTable, { generatorVersion: Type.Integer() });
 * ```
 */
export function storedSchema<T extends SettingTable, E extends Record<string, TSchema>>(
  table: T,
  extra: E,
) {
  const fields: Record<string, TSchema> = {};
  for (const [name, s] of Object.entries(table))
    if (s.stored)
      fields[name] =
        s.absentAs !== undefined || !('default' in s) ? Type.Optional(s.schema) : s.schema;
  return Type.Object({ ...fields, ...extra });
}

/**
 * A recorded file's settings, with what older files lack read as {@link Setting.absentAs}.
 *
 * @example
 * ```ts
 * const settings = withAbsent(generatorSettingTable, readJsonFile(path, schema));
 * ```
 */
export function withAbsent<T extends SettingTable, R extends object>(table: T, record: R): R {
  const fields = record as Record<string, unknown>;
  const out: Record<string, unknown> = { ...fields };
  for (const [name, s] of Object.entries(table))
    if (s.stored && out[name] === undefined && s.absentAs !== undefined) out[name] = s.absentAs;
  return out as R;
}
