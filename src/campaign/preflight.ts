import type { ProgramOutcome } from '../runtime/index.js';
import { grammar715, type AnyGrammar } from '../tree/index.js';
import { CampaignError } from './campaign-error.js';
import type { ProjectPool } from './projects.js';

/** A program each runtime runs first. */
interface Probe {
  readonly program: string;
  /** What a runtime that fails it cannot do. */
  readonly what: string;
}

const firstProgram: Probe = { program: 'print("luau-fuzz")', what: 'run print("luau-fuzz")' };

/** A class, its constructor and a field read: what a runtime of a grammar with classes runs. */
const classProgram: Probe = {
  program: 'class Preflight\n  public x\nend\nprint(Preflight.new({ x = "luau-fuzz" }).x)\n',
  what: 'compile and run a class',
};

/** The outcomes of `probe` under every runtime, one per runtime, tried on up to 3 projects. */
async function run(pool: ProjectPool, probe: Probe): Promise<ProgramOutcome[]> {
  let lastError = 'no project ran it';
  for (let attempt = 0; attempt < 3; attempt++) {
    await pool.waitForCapacity();
    try {
      const outcomes = (
        await pool.runBatch([{ id: 'preflight', program: probe.program }], { counted: false })
      ).outcomes.get('preflight');
      if (outcomes !== undefined) return outcomes;
    } catch (e) {
      lastError = e instanceof Error ? e.message : String(e);
    }
  }
  throw new CampaignError(`the runtimes could not run a first program: ${lastError}`);
}

/**
 * Runs `print("luau-fuzz")` under every runtime before the campaign: a runtime that cannot run
 * it (no `luau` on the project's PATH, a broken template, flags the executable does not know)
 * would make every program a finding. For a grammar with classes (735), each runtime also
 * runs a class: a Luau without them, or without the flags that turn them on, is refused here.
 *
 * @throws {@link CampaignError} naming the runtime that cannot run it, or why none ran it.
 * @example
 * ```ts
 * await preflight(pool, options.runtimes, grammar735);
 * ```
 */
export async function preflight(
  pool: ProjectPool,
  runtimes: readonly string[],
  grammar: AnyGrammar = grammar715,
): Promise<void> {
  const probes = grammar.classes ? [firstProgram, classProgram] : [firstProgram];
  for (const probe of probes) {
    const outcomes = await run(pool, probe);
    outcomes.forEach((outcome, k) => {
      const said = outcome.error === undefined ? '' : `: ${outcome.error}`;
      if (outcome.status !== 'ok')
        throw new CampaignError(
          `runtime '${runtimes[k]}' cannot ${probe.what}${probe === classProgram ? ` (grammar ${grammar.name} needs it)` : ''}: ${outcome.status}${said}`,
        );
    });
  }
}
