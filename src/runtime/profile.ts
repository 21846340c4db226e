import { runArgs, type RunOptions } from '../../runner/protocol.mjs';
import { grammar735 } from '../tree/index.js';

/** The bundled luau-web VM, run by the luau-fuzz runner (the default). */
export interface LuauWebProfile {
  readonly kind: 'luau-web';
  /** How the profile was written (`luau-web`). */
  readonly spec: string;
}

/** A `luau` executable on the project's PATH (or at a given path) with its options. */
export interface LuauCliProfile {
  readonly kind: 'luau-cli';
  /** How the profile was written (`luau-cli:-O2:--codegen`, `luau-735:-O2`). */
  readonly spec: string;
  /** The executable. Default `luau`. */
  readonly executable: string;
  /**
   * The options passed to the executable before the program files, in the spec's order, e.g.
   * `['-O2', '--codegen-cold', '--fflags=LuauFlag=true']`; `-O1` (the CLI's own default) comes
   * first when the spec gives no `-O<n>`, so that every command line says its level.
   */
  readonly options: readonly string[];
  /** Optimisation level of the options (the last `-O<n>`). Default 1 (the CLI's own default). */
  readonly optimize: 0 | 1 | 2;
  /** Whether the options include `--codegen` (native code generation). Default false. */
  readonly codegen: boolean;
}

/**
 * Any command. `{program}`, `{module}` and `{dir}` are replaced by paths (one process per
 * program); `{programs}` by many program files, for a command that runs files like the Luau
 * CLI does (one process per batch).
 */
export interface CommandProfile {
  readonly kind: 'command';
  /** How the profile was written (`command:TEMPLATE`). */
  readonly spec: string;
  /** The command template, e.g. `./my-luau --flag {program}`. */
  readonly template: string;
}

/** How programs are run: one of the runtime profiles. */
export type RuntimeProfile = LuauWebProfile | LuauCliProfile | CommandProfile;

/**
 * A runtime specification that does not parse.
 *
 * @example
 * ```ts
 * try { parseRuntime(spec); } catch (e) { if (e instanceof RuntimeSpecError) usage(e.message); }
 * ```
 */
export class RuntimeSpecError extends Error {
  override readonly name = 'RuntimeSpecError';
}

/**
 * Options of the Luau CLI that a `luau-cli` profile cannot take: they change what the files
 * after them are (`-a`), wait for input (`-i`) or print the usage instead of running anything.
 */
const refusedOptions: Readonly<Record<string, string>> = {
  '-a': 'makes the program files arguments of the first',
  '--program-args': 'makes the program files arguments of the first',
  '-i': 'waits for input after the programs',
  '--interactive': 'waits for input after the programs',
  '-h': 'prints the usage instead of running the programs',
  '--help': 'prints the usage instead of running the programs',
};

/**
 * Reads one `luau-cli` option: `-O<n>` is checked (0 to 2); any other `-…` or `--…` word is
 * passed to the executable as written, unless it is one the profile cannot take or it holds a
 * character that the command template would read (white space, quotes, `{`, `}`).
 */
function luauCliOption(part: string): string {
  if (/^-O/.test(part)) {
    if (/^-O[0-2]$/.test(part)) return part;
    throw new RuntimeSpecError(
      `unknown luau-cli option '${part}' (the optimisation level is -O0, -O1 or -O2)`,
    );
  }
  if (!/^--?[^-]/.test(part))
    throw new RuntimeSpecError(
      `'${part}' in a luau-cli spec is not an option (expected -O0, -O1, -O2, any other -OPTION or ` +
        `--OPTION of the executable, path=EXE or a path with a '/'; ':' separates them, so an option cannot contain ` +
        `one: run such an executable with command:TEMPLATE)`,
    );
  const refused = refusedOptions[part.replace(/=.*/, '')];
  if (refused !== undefined)
    throw new RuntimeSpecError(`luau-cli option '${part}' is not allowed: it ${refused}`);
  const bad = /[\s'"{}]/.exec(part);
  if (bad !== null)
    throw new RuntimeSpecError(
      `luau-cli option '${part}' holds ${JSON.stringify(bad[0])}, which a command template reads ` +
        `(white space, quotes and braces are not allowed in an option)`,
    );
  return part;
}

/**
 * The flags Luau's own fuzz target sets at release 0.735 (`fuzz/proto.cpp`), as the Luau CLI
 * reads them (`CLI/src/Flags.cpp`, `--fflags=` joined by commas): `true` turns on every flag
 * whose name starts with `Luau`, and the class flags, whose names start with `DebugLuau`, are
 * named on their own.
 *
 * @example
 * ```ts
 * `--fflags=${luau735FuzzerFlags.join(',')}`; // what a luau-735 runtime passes first
 * ```
 */
export const luau735FuzzerFlags: readonly string[] = ['true', ...grammar735.flags];

const luau735Flags = `--fflags=${luau735FuzzerFlags.join(',')}`;

/**
 * Parses a runtime specification:
 * - `luau-web` — the bundled VM (default);
 * - `luau-cli[:OPTION…]` — a `luau` executable; `path=EXECUTABLE` (or a part that is a path,
 *   holding a `/`) names it, and every other part is an option passed to it in order before
 *   the program files: `-O0`, `-O1`, `-O2`, `--codegen`, and any other `-…`/`--…` option of
 *   the build (`--codegen-cold`, `--jit-inliner`, `--fflags=LuauFlag=true,OtherFlag=false`).
 *   The parts are separated by `:`, so an option cannot contain one (use `command:TEMPLATE`
 *   for that);
 * - `luau-735[:OPTION…]` — Luau 0.735 as its own fuzzer runs it: a `luau-cli` whose first
 *   option turns on every `Luau*` flag and the two class flags (`--fflags=true,
 *   DebugLuauUserDefinedClasses=true,DebugLuauUserDefinedClassesRuntime=true`); it compiles
 *   the programs of grammar 735;
 * - `command:TEMPLATE` — any command, with `{program}`, `{module}`, `{dir}` (one process per
 *   program), or `{programs}` (many files per process, like `luau a.luau b.luau`).
 *
 * @throws {@link RuntimeSpecError} for anything else.
 * @example
 * ```ts
 * parseRuntime('luau-cli:-O2:--codegen'); // { kind: 'luau-cli', options: ['-O2', '--codegen'], optimize: 2, codegen: true, executable: 'luau', … }
 * parseRuntime('luau-cli:/opt/luau-715/luau:-O2'); // executable '/opt/luau-715/luau'
 * parseRuntime('luau-735:path=/opt/luau-735/luau:-O2'); // options ['--fflags=true,DebugLuau…', '-O2']
 * ```
 */
export function parseRuntime(spec: string): RuntimeProfile {
  if (spec === 'luau-web') return { kind: 'luau-web', spec };
  const kind = /^(luau-cli|luau-735)(?::|$)/.exec(spec)?.[1];
  if (kind !== undefined) {
    const given: string[] = kind === 'luau-735' ? [luau735Flags] : [];
    let executable = 'luau';
    for (const part of spec.split(':').slice(1)) {
      if (part.startsWith('path=') && part.length > 5) executable = part.slice(5);
      else if (!part.startsWith('-') && part.includes('/')) executable = part;
      else given.push(luauCliOption(part));
    }
    const levels = given.filter((o) => /^-O[0-2]$/.test(o));
    const optimize = Number((levels[levels.length - 1] ?? '-O1').slice(2)) as 0 | 1 | 2;
    const options = levels.length === 0 ? ['-O1', ...given] : given;
    return {
      kind: 'luau-cli',
      spec,
      executable,
      options,
      optimize,
      codegen: given.includes('--codegen'),
    };
  }
  if (spec.startsWith('command:')) {
    const template = spec.slice('command:'.length).trim();
    if (!template.includes('{program}') && !template.includes('{programs}'))
      throw new RuntimeSpecError(`a command template needs {program} or {programs}: '${template}'`);
    return { kind: 'command', spec, template };
  }
  throw new RuntimeSpecError(
    `unknown runtime '${spec}' (expected luau-web, luau-cli[:-O2][:--codegen][:--OPTION…][:path=EXE], ` +
      `luau-735[:…] (luau-cli with the flags of Luau 0.735's fuzzer) or command:TEMPLATE)`,
  );
}

/**
 * A word for a POSIX shell (and for a command template, which reads quotes the same way),
 * single-quoted when it holds anything but letters, digits and `./=:+,@%-`.
 *
 * @example
 * ```ts
 * shellWord('--fflags=A=true,B=false'); // '--fflags=A=true,B=false'
 * shellWord('/opt/my luau/luau'); // "'/opt/my luau/luau'"
 * ```
 */
export function shellWord(word: string): string {
  return /^[\w./=:+,@%-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * The command template of a `luau-cli` or `command` profile. The Luau CLI runs every file it
 * is given in its own sandboxed thread, so a `luau-cli` profile takes `{programs}` (batches).
 *
 * @example
 * ```ts
 * commandTemplate(parseRuntime('luau-cli:-O2')); // 'luau -O2 {programs}'
 * commandTemplate(parseRuntime('luau-cli:--jit-inliner')); // 'luau -O1 --jit-inliner {programs}'
 * ```
 */
export function commandTemplate(profile: LuauCliProfile | CommandProfile): string {
  if (profile.kind === 'command') return profile.template;
  return [shellWord(profile.executable), ...profile.options.map(shellWord), '{programs}'].join(' ');
}

/**
 * The runner's options (`main.mjs run …`) that select a profile.
 *
 * @example
 * ```ts
 * runnerRuntimeArgs(parseRuntime('luau-web')); // ['--runtime', 'luau-web']
 * ```
 */
export function runnerRuntimeArgs(profile: RuntimeProfile): string[] {
  return runArgs(runnerRuntimeOptions(profile));
}

/**
 * The runner's options (`main.mjs run …`) that select a profile, as options.
 *
 * @example
 * ```ts
 * runnerRuntimeOptions(parseRuntime('luau-web')); // { runtime: 'luau-web' }
 * ```
 */
export function runnerRuntimeOptions(profile: RuntimeProfile): RunOptions {
  if (profile.kind === 'luau-web') return { runtime: 'luau-web' };
  return { runtime: 'command', template: commandTemplate(profile) };
}
