import Type, { type Static } from 'typebox';
import {
  GENERATOR_VERSION,
  generatorSettingTable,
  OptionError,
  resolveGeneratorSettings,
  resolveOptions,
  setting,
  storedSchema,
  withAbsent,
} from '../arbitrary/index.js';
import type {
  GivenSettings,
  ResolvedSettings,
  ValidityLevel,
  CheckerTarget,
} from '../arbitrary/index.js';
import { readJsonFile, writeJsonFile } from '../format/index.js';
import { grammar715, parseGrammar, type GrammarName } from '../tree/index.js';
import { grammarOfRuntimes, parseRuntime } from '../runtime/index.js';
import { profileOfRuntimes } from './runtimes-profile.js';
import { runnerDefaults, runtimeTakes } from '../runtime/index.js';
import { durationMs } from './duration.js';
import { guidedDefaults } from './guided/guided-step.js';
import { parseChecker } from './type-check.js';

/**
 * The count of a campaign that only a time budget ends: more programs than it can run.
 *
 * @example
 * ```ts
 * resolveCampaignOptions({ durationMs: 600_000 }).count === unlimitedCount; // true
 * ```
 */
export const unlimitedCount: number = Number.MAX_SAFE_INTEGER;

/**
 * The share of a time budget (`durationMs`) a campaign keeps for shrinking its findings: it
 * starts no program after `1 − shrinkShare` of its budget when it has a finding to shrink.
 *
 * @example
 * ```ts
 * const runUntilMs = o.durationMs! * (1 - shrinkShare);
 * ```
 */
export const shrinkShare = 0.2;

const whole = (least: number) => Type.Integer({ minimum: least });

/** Share of a guided step's programs that are mutants: `auto`, or 0 to 1. */
function mutationShare(text: string, flag: string): number | 'auto' {
  if (text === 'auto') return text;
  const n = Number(text);
  if (text.trim() === '' || !(n >= 0 && n <= 1))
    throw new Error(`${flag} must be 'auto' or a number from 0 to 1, got '${text}'`);
  return n;
}

/** What a campaign's programs run on: its runtimes, and the coverage build of a guided one. */
function runOn(given: Readonly<Record<string, unknown>>): string[] {
  return [
    ...((given.runtimes as readonly string[] | undefined) ?? ['luau-web']),
    ...(given.guided === undefined ? [] : [(given.guided as GuidedSettings).coverage]),
  ];
}

/**
 * The grammar of a campaign given none: the one its runtimes imply (`grammarOfRuntimes`) when
 * the generator draws it at the campaign's level (and checker), the seed's otherwise.
 */
function defaultGrammar(given: Readonly<Record<string, unknown>>): GrammarName {
  const implied = grammarOfRuntimes(runOn(given)).name;
  try {
    resolveOptions({
      level: given.level as ValidityLevel,
      grammar: implied,
      checker: (given.checker as CheckerTarget | undefined) ?? 'old',
    });
    return implied;
  } catch (e) {
    if (e instanceof OptionError && (e.option === 'grammar' || e.option === 'checker'))
      return grammar715.name;
    throw e;
  }
}

/** Why `grammar` cannot run on one of the campaign's runtimes, if it cannot. */
function grammarRefusal(grammar: GrammarName, specs: readonly string[]): string | undefined {
  const g = parseGrammar(grammar);
  if (g === undefined) return undefined; // the table's schema names what is wrong with it
  const refused = specs.find((spec) => !runtimeTakes(parseRuntime(spec), g));
  if (refused === undefined) return undefined;
  return (
    `${grammar} cannot run on runtime '${refused}': it compiles the programs of grammar ` +
    `${grammar715.name} only (grammar ${grammar} needs Luau ${g.release} with ` +
    `--fflags=${g.flags.join(',')}, e.g. luau-735:path=LUAU-${g.release})`
  );
}

/** The generator settings of a campaign: runnable programs in the profile its runtimes take. */
const campaignGenerator = {
  ...generatorSettingTable,
  level: { ...generatorSettingTable.level, default: 'runnable' as const },
  grammar: {
    ...generatorSettingTable.grammar,
    default: defaultGrammar,
    defaultText: '735 when a runtime turns the class flags on and every runtime takes it, else 715',
  },
  profile: {
    ...generatorSettingTable.profile,
    // The runtimes' profile: the programs run under each, and under the coverage build of a
    // guided campaign.
    default: (given: Readonly<Record<string, unknown>>) => profileOfRuntimes(runOn(given)),
    defaultText: '"luau-web" while a runtime is luau-web, else "luau"',
  },
};

/**
 * How a campaign is guided by coverage (`options.json`'s `guided`, `run --guided`).
 *
 * @example
 * ```ts
 * const guided: GuidedSettings = { coverage: 'luau-cli:-O2:path=cov/luau', corpora: [], mutationShare: 'auto', stepSize: 50 };
 * ```
 */
export const GuidedSettings = Type.Object({
  /** The coverage runtime: a `luau-cli` spec whose `path=` is a coverage build's `luau`. */
  coverage: Type.String(),
  /** Corpus folders (or campaign directories) whose entries are tried first. */
  corpora: Type.Array(Type.String()),
  /** Share of each step's programs that are mutants of corpus entries, once it has some. */
  mutationShare: Type.Union([Type.Literal('auto'), Type.Number({ minimum: 0, maximum: 1 })]),
  /** Programs per step, drawn together from the corpus as it stood and run together. */
  stepSize: whole(1),
});

/** How a campaign is guided by coverage. */
export type GuidedSettings = Static<typeof GuidedSettings>;

/**
 * The settings of a campaign (`luau-fuzz run`, `runCampaign`), each named once: its
 * generator's ({@link generatorSettingTable}, level `runnable`, profile the one its runtimes
 * all take) and how it runs its programs and shrinks its findings. The command line's flags
 * and help, {@link resolveCampaignOptions}, `options.json` ({@link OptionsFile}) and the
 * option types are read from it.
 *
 * @example
 * ```ts
 * campaignSettingTable.inFlight.default; // 2
 * ```
 */
export const campaignSettingTable = {
  count: setting(whole(1), {
    flag: '--count <n>',
    default: (given: Readonly<Record<string, unknown>>) =>
      given.durationMs === undefined ? 1000 : unlimitedCount,
    help: 'programs to generate and run; with --resume, a new total',
    defaultText: '1000, no limit with --duration',
    stored: true,
  }),
  durationMs: setting(whole(1), {
    flag: '--duration <time>',
    parse: (text: string, flag: string) => durationMs(flag, text),
    help:
      `running time over all sessions (90s, 10m, 1h30m): no program starts once ${shrinkShare * 100} % ` +
      'of it is left and there are findings, which are shrunk in that share; then the report. With --resume, a new total',
    stored: true,
  }),
  ...campaignGenerator,
  runtimes: setting(Type.Array(Type.String()), {
    flag: '--runtime <spec>',
    default: ['luau-web'],
    check(runtimes: readonly string[]) {
      if (runtimes.length < 1) return 'must be one runtime, or two or more for differential mode';
      for (const r of runtimes) parseRuntime(r);
      return undefined;
    },
    fromFlags: (flags: Readonly<Record<string, unknown>>) =>
      (flags['--diff'] as string[] | undefined) ??
      (flags['--runtime'] === undefined ? undefined : [flags['--runtime'] as string]),
    help:
      'luau-web, luau-cli[:-O0|-O1|-O2][:--codegen][:--OPTION…][:path=EXE] (every ' +
      'option passed to luau in order, e.g. --codegen-cold, --jit-inliner, --fflags=Flag=true), ' +
      'or command:TEMPLATE',
    defaultText: 'luau-web',
    moreFlags: [
      {
        flag: '--diff <runtimes...>',
        help: 'differential mode: two or more runtimes; a difference between any two in output or error is a finding',
      },
    ],
    stored: true,
  }),
  batchSize: setting(whole(1), {
    flag: '--batch-size <n>',
    default: 1000,
    help: 'programs per project_exec call (fewer when a batch would not fit in one request)',
    stored: true,
  }),
  payloadLimit: setting(whole(10_000), {
    flag: '--payload-limit <chars>',
    default: runnerDefaults.payloadChars,
    help: 'largest encoded batch per run (a batch over the request body limit is uploaded in parts)',
    stored: true,
  }),
  inFlight: setting(whole(1), {
    flag: '--in-flight <n>',
    default: 2,
    help: 'batches in flight per project',
    stored: true,
  }),
  timeoutMs: setting(whole(1), {
    flag: '--timeout <ms>',
    default: runnerDefaults.timeoutMs,
    help: 'wall-clock limit per program',
    stored: true,
  }),
  workers: setting(whole(1), {
    flag: '--workers <n>',
    default: runnerDefaults.workers,
    help: 'programs run in parallel inside a project',
    stored: true,
  }),
  guided: setting(GuidedSettings, {
    flag: '--guided <runtime>',
    check: (g: GuidedSettings) =>
      parseRuntime(g.coverage).kind === 'luau-cli'
        ? undefined
        : `coverage must be a luau-cli runtime, got '${g.coverage}'`,
    fromFlags: (flags: Readonly<Record<string, unknown>>): GuidedSettings | undefined =>
      flags['--guided'] === undefined
        ? undefined
        : {
            coverage: flags['--guided'] as string,
            corpora: (flags['--corpus'] as string[] | undefined) ?? [],
            mutationShare:
              (flags['--mutation-share'] as number | 'auto' | undefined) ??
              guidedDefaults.mutationShare,
            stepSize: guidedDefaults.stepSize,
          },
    help:
      'guided by coverage: a luau-cli runtime on a coverage build (luau-cli:-O2:--codegen:path=BUILD/luau); ' +
      'programs are fresh draws and mutants of the programs that reached new counters (kept in DIR/corpus)',
    moreFlags: [
      {
        flag: '--corpus <dirs...>',
        help: 'with --guided: corpus folders or campaign directories whose programs are tried first',
      },
      {
        flag: '--mutation-share <share>',
        help:
          "with --guided: share of each step's programs that are mutants of corpus entries, 0 to 1, " +
          "or 'auto' (default): in proportion to what mutants and fresh programs found lately",
        parse: mutationShare,
      },
    ],
    stored: true,
  }),
  analyze: setting(Type.String(), {
    flag: '--analyze <checker>',
    check(spec: string, resolved: Readonly<Record<string, unknown>>) {
      if (resolved.level !== 'typed')
        return `needs level 'typed' (the programs whose type errors are known), got '${String(resolved.level)}'`;
      try {
        parseChecker(spec);
      } catch (e) {
        return (e as Error).message.replace(/^analyze: /, '');
      }
      return undefined;
    },
    help:
      'with --level typed: type-check every program with this luau-analyze, as PATH[:flag…][:mode,…] ' +
      '(run with --mode=strict and the flags, in each mode: old, new (LuauSolverV2), all (every Luau flag), ' +
      'e.g. PATH:old,new); a crash, time-out, missed planted error, error on a clean line, two modes ' +
      'that disagree and two checks that differ are findings',
    stored: true,
  }),
  shrink: setting(Type.Boolean(), {
    flag: '--no-shrink',
    default: true,
    help: 'save findings without shrinking them',
    stored: true,
  }),
  shrinkAttempts: setting(whole(1), {
    flag: '--shrink-attempts <n>',
    default: 300,
    help: 'candidate runs per finding',
    stored: true,
  }),
  shrinkTimeMs: setting(whole(1), {
    flag: '--shrink-time <ms>',
    default: 30_000,
    help: 'time per finding while shrinking',
    stored: true,
  }),
  shrinkFindings: setting(whole(0), {
    flag: '--shrink-findings <n>',
    default: 10,
    help: 'findings shrunk at most, one of each kind and message first (the others are saved as found)',
    stored: true,
  }),
  excerptChars: setting(whole(1), {
    default: runnerDefaults.excerptChars,
    help: 'characters of output kept per outcome',
    stored: true,
  }),
};

/**
 * A change of generator in a campaign resumed with `rederive` (`options.json`'s
 * `generatorChanges`).
 *
 * @example
 * ```ts
 * const change: GeneratorChange = { from: 1, to: 2, programsDone: 5000 };
 * ```
 */
export const GeneratorChange = Type.Object({
  /** The version before (`null`: none recorded). */
  from: Type.Union([Type.Integer(), Type.Null()]),
  /** The version after. */
  to: Type.Integer(),
  /** Programs finished before the change (drawn by `from`). */
  programsDone: whole(0),
});

/** A change of generator version by `--resume --rederive`. */
export type GeneratorChange = Static<typeof GeneratorChange>;

/**
 * `options.json` of a campaign: its settings (those its version predates may be missing) and
 * the generator version that draws its programs, with the changes of version by `--rederive`.
 *
 * @example
 * ```ts
 * checkValue(OptionsFile, JSON.parse(text), 'out/options.json');
 * ```
 */
export const OptionsFile = storedSchema(campaignSettingTable, {
  generatorVersion: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  generatorChanges: Type.Optional(Type.Array(GeneratorChange)),
});

/**
 * Options of a campaign as given: every setting of {@link campaignSettingTable} optional (the
 * seed: random, level `'runnable'`, profile the one its runtimes all take).
 *
 * @example
 * ```ts
 * const options: CampaignOptions = { count: 300, level: 'scoped', runtimes: ['luau-cli:-O2'] };
 * ```
 */
export type CampaignOptions = GivenSettings<typeof campaignSettingTable>;

/**
 * {@link CampaignOptions} resolved, every default filled in: what `options.json` holds, with
 * the generator version.
 *
 * @example
 * ```ts
 * const o: ResolvedCampaignOptions = resolveCampaignOptions({ seed: 1 });
 * ```
 */
export type ResolvedCampaignOptions = ResolvedSettings<typeof campaignSettingTable> & {
  /**
   * The `GENERATOR_VERSION` that draws the programs: with the seed, it says which program
   * each index is (`null`: recorded before versions were). A campaign recorded by another
   * version is not resumed silently.
   */
  readonly generatorVersion: number | null;
  /** Changes of generator version by `--resume --rederive`, oldest first (absent: none). */
  readonly generatorChanges?: readonly GeneratorChange[];
};

/**
 * A campaign option out of range: an {@link OptionError} whose `option` is the field of
 * {@link CampaignOptions}, and whose message starts with it.
 *
 * @example
 * ```ts
 * try { resolveCampaignOptions({ count: 0 }); } catch (e) { if (e instanceof CampaignOptionsError) usage(e.option, e.reason); }
 * ```
 */
export class CampaignOptionsError extends OptionError {
  override readonly name = 'CampaignOptionsError';

  constructor(option: string, reason: string, message = `${option} ${reason}`) {
    super(option, reason, message);
  }
}

/**
 * Fills in defaults and checks every option: the one place a campaign's settings are
 * resolved, and its seed decided (random unless given).
 *
 * @throws {@link CampaignOptionsError} for a value out of range (naming the option), `RuntimeSpecError` for a bad runtime.
 * @example
 * ```ts
 * const o = resolveCampaignOptions({ count: 300 }); // o.level === 'runnable'
 * ```
 */
export function resolveCampaignOptions(options: CampaignOptions = {}): ResolvedCampaignOptions {
  try {
    const settings = resolveGeneratorSettings(campaignSettingTable, options);
    // The generator's refusal first (a level it does not generate the grammar at); then the
    // runtimes': each must compile the grammar's programs.
    const refusal = grammarRefusal(settings.grammar, runOn(settings));
    if (refusal !== undefined) throw new CampaignOptionsError('grammar', refusal);
    return { ...settings, generatorVersion: GENERATOR_VERSION };
  } catch (e) {
    if (e instanceof OptionError && !(e instanceof CampaignOptionsError))
      throw new CampaignOptionsError(e.option, e.reason);
    throw e;
  }
}

/**
 * Reads a campaign's `options.json`, written by this version or an older one: a file cut
 * short, not JSON or of another shape is a `FormatError` naming the file and the field; the
 * settings it predates read as they were then (`absentAs`); a value out of range is a
 * {@link CampaignOptionsError} naming the file and the option.
 *
 * @example
 * ```ts
 * const o = readCampaignOptions(join(dir, 'options.json'));
 * ```
 */
export function readCampaignOptions(path: string): ResolvedCampaignOptions {
  const recorded: Record<string, unknown> = withAbsent(
    campaignSettingTable,
    readJsonFile(path, OptionsFile),
  );
  const given: Record<string, unknown> = {};
  for (const name of Object.keys(campaignSettingTable)) given[name] = recorded[name];
  // Checked by the file's schema.
  const generatorVersion = recorded.generatorVersion as number | null | undefined;
  const generatorChanges = recorded.generatorChanges as GeneratorChange[] | undefined;
  let settings: ResolvedCampaignOptions;
  try {
    settings = resolveCampaignOptions(given as CampaignOptions);
  } catch (e) {
    if (e instanceof OptionError)
      throw new CampaignOptionsError(e.option, e.reason, `${path}: ${e.option} ${e.reason}`);
    throw e;
  }
  return {
    ...settings,
    generatorVersion: generatorVersion ?? null,
    ...(generatorChanges === undefined ? {} : { generatorChanges }),
  };
}

/**
 * Writes a campaign's `options.json` whole (checked, then atomically): the file on disk is the
 * old one or the new one.
 *
 * @example
 * ```ts
 * writeCampaignOptions(join(dir, 'options.json'), resolveCampaignOptions({ seed: 1 }));
 * ```
 */
export function writeCampaignOptions(path: string, options: ResolvedCampaignOptions): void {
  writeJsonFile(path, OptionsFile, options, { indent: 2 });
}
