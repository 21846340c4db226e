import { runArgs } from '../../data/runner/protocol.mjs';

/** The bundled luau-web VM, run by the luau-fuzz runner (the default). */
export interface LuauWebProfile {
  readonly kind: 'luau-web';
  /** How the profile was written (`luau-web`). */
  readonly spec: string;
}

/** A `luau` executable on the project's PATH (or at a given path) with its options. */
export interface LuauCliProfile {
  readonly kind: 'luau-cli';
  /** How the profile was written (`luau-cli:-O2:--codegen`). */
  readonly spec: string;
  /** The executable. Default `luau`. */
  readonly executable: string;
  /** Optimisation level passed as `-O<n>`. Default 1 (the CLI's own default). */
  readonly optimize: 0 | 1 | 2;
  /** Pass `--codegen` (native code generation). Default false. */
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
 * Parses a runtime specification:
 * - `luau-web` — the bundled VM (default);
 * - `luau-cli[:OPTION…]` — a `luau` executable; options `-O0`, `-O1`, `-O2`, `--codegen`, and
 *   `path=EXECUTABLE`;
 * - `command:TEMPLATE` — any command, with `{program}`, `{module}`, `{dir}` (one process per
 *   program), or `{programs}` (many files per process, like `luau a.luau b.luau`).
 *
 * @throws {@link RuntimeSpecError} for anything else.
 * @example
 * ```ts
 * parseRuntime('luau-cli:-O2:--codegen'); // { kind: 'luau-cli', optimize: 2, codegen: true, executable: 'luau', … }
 * ```
 */
export function parseRuntime(spec: string): RuntimeProfile {
  if (spec === 'luau-web') return { kind: 'luau-web', spec };
  if (spec === 'luau-cli' || spec.startsWith('luau-cli:')) {
    let optimize: 0 | 1 | 2 = 1;
    let codegen = false;
    let executable = 'luau';
    for (const part of spec.split(':').slice(1)) {
      if (part === '-O0' || part === '-O1' || part === '-O2')
        optimize = Number(part.slice(2)) as 0 | 1 | 2;
      else if (part === '--codegen') codegen = true;
      else if (part.startsWith('path=') && part.length > 5) executable = part.slice(5);
      else
        throw new RuntimeSpecError(
          `unknown luau-cli option '${part}' (expected -O0, -O1, -O2, --codegen or path=EXE)`,
        );
    }
    return { kind: 'luau-cli', spec, executable, optimize, codegen };
  }
  if (spec.startsWith('command:')) {
    const template = spec.slice('command:'.length).trim();
    if (!template.includes('{program}') && !template.includes('{programs}'))
      throw new RuntimeSpecError(`a command template needs {program} or {programs}: '${template}'`);
    return { kind: 'command', spec, template };
  }
  throw new RuntimeSpecError(
    `unknown runtime '${spec}' (expected luau-web, luau-cli[:-O2][:--codegen] or command:TEMPLATE)`,
  );
}

function quote(word: string): string {
  return /^[\w./=:+-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}

/**
 * The command template of a `luau-cli` or `command` profile. The Luau CLI runs every file it
 * is given in its own sandboxed thread, so a `luau-cli` profile takes `{programs}` (batches).
 *
 * @example
 * ```ts
 * commandTemplate(parseRuntime('luau-cli:-O2')); // 'luau -O2 {programs}'
 * ```
 */
export function commandTemplate(profile: LuauCliProfile | CommandProfile): string {
  if (profile.kind === 'command') return profile.template;
  return [
    quote(profile.executable),
    `-O${profile.optimize}`,
    ...(profile.codegen ? ['--codegen'] : []),
    '{programs}',
  ].join(' ');
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
  if (profile.kind === 'luau-web') return runArgs({ runtime: 'luau-web' });
  return runArgs({ runtime: 'command', template: commandTemplate(profile) });
}
