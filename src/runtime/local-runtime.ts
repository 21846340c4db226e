import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LuauWebPool } from './luau-web-pool.js';
import type { ProgramJob, RunOptions } from './luau-web-pool.js';
import type { ProgramOutcome } from './outcome.js';
import { commandTemplate } from './profile.js';
import type { RuntimeProfile } from './profile.js';
import { runnerSourceDir } from './runner-files.js';

/** Runs programs on this machine under a runtime profile. */
export interface LocalRuntime {
  /**
   * Runs one program (or only compiles it: `compileOnly`); a failing program is an outcome,
   * not a rejection.
   */
  run(job: ProgramJob, options?: Pick<RunOptions, 'compileOnly'>): Promise<ProgramOutcome>;
  /** Stops the runtime's processes. */
  close(): Promise<void>;
}

/** Options of {@link createLocalRuntime}. */
export interface LocalRuntimeOptions {
  /** Programs run in parallel. Default 1. */
  readonly workers?: number;
  /** Wall-clock limit per program, in ms. Default 2000. */
  readonly timeoutMs?: number;
  /** Characters of output kept in the outcome. Default 512. */
  readonly excerptChars?: number;
  /** Programs per process of a `luau-cli` (or `{programs}` command) profile. Default 64. */
  readonly batchSize?: number;
}

interface CommandModule {
  createCommandRuntime(options: Record<string, unknown>): LocalRuntime;
}

/**
 * Creates a runtime on this machine for a profile, with the same code the installed runner
 * uses (`runner/`): the luau-web pool; for `luau-cli` profiles, batches of programs per
 * `luau` process (`runner/command.mjs`); for `command` profiles, what the template says.
 *
 * @example
 * ```ts
 * const rt = await createLocalRuntime(parseRuntime('luau-web'), { workers: 2 });
 * const outcome = await rt.run({ id: '1', program: 'print(1)' });
 * await rt.close();
 * ```
 */
export async function createLocalRuntime(
  profile: RuntimeProfile,
  options: LocalRuntimeOptions = {},
): Promise<LocalRuntime> {
  if (profile.kind === 'luau-web') {
    const pool = new LuauWebPool(options);
    return { run: (job, runOptions) => pool.run(job, runOptions), close: () => pool.close() };
  }
  const m = (await import(
    pathToFileURL(join(runnerSourceDir, 'command.mjs')).href
  )) as CommandModule;
  return m.createCommandRuntime({ ...options, template: commandTemplate(profile) });
}
