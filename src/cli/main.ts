import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError } from 'commander';
import { checkCommand } from './check.js';
import { checkerTriageCommand } from './checker-triage.js';
import { convertCommand } from './convert.js';
import { corpusCommand } from './corpus.js';
import { coverageCommand } from './coverage.js';
import { genCommand } from './gen.js';
import { printCommand } from './print.js';
import { reportCommand } from './report.js';
import { runCommand } from './run.js';
import { serveCommand } from './serve.js';
import { shrinkCommand } from './shrink.js';
import { workspaceCommand } from './workspace-admin.js';
import { packageVersion } from '../package-root.js';
import { errorLine } from './error-line.js';

/**
 * Builds the `luau-fuzz` command line: one subcommand per file of `src/cli/`.
 *
 * @example
 * ```ts
 * await createProgram().parseAsync(['print', 'tree.textproto'], { from: 'user' });
 * ```
 */
export function createProgram(): Command {
  return new Command('luau-fuzz')
    .description('Structure-aware fuzzing of Luau: generate, print and run syntax trees.')
    .version(packageVersion)
    .showHelpAfterError()
    .showSuggestionAfterError()
    .addCommand(convertCommand())
    .addCommand(genCommand())
    .addCommand(checkCommand())
    .addCommand(checkerTriageCommand())
    .addCommand(corpusCommand())
    .addCommand(coverageCommand())
    .addCommand(printCommand())
    .addCommand(reportCommand())
    .addCommand(runCommand())
    .addCommand(serveCommand())
    .addCommand(shrinkCommand())
    .addCommand(workspaceCommand());
}

/**
 * Runs the CLI with the given arguments (without `node` and the script) and resolves to
 * the process exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await main(['--help']);
 * ```
 */
export async function main(argv: readonly string[]): Promise<number> {
  const program = createProgram();
  // Every level, `workspace list` included: commander would otherwise call process.exit.
  const override = (command: Command): void => {
    command.exitOverride();
    // Usage errors in the one style of the CLI's errors (the help hint after them is kept).
    command.configureOutput({
      outputError: (text, write) => write(text.startsWith('error: ') ? errorLine(text) : text),
    });
    for (const sub of command.commands) override(sub);
  };
  override(program);
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode;
    process.stderr.write(errorLine(e));
    return 1;
  }
  return Number(process.exitCode ?? 0);
}

const invoked = process.argv[1];
if (invoked !== undefined && realpathSync(invoked) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
