import { Command } from 'commander';
import { rewriteReport } from '../campaign/index.js';

/**
 * `luau-fuzz report DIR [--compare OTHER…]`: writes a campaign's `report.html` again; with
 * `--compare`, the counters other guided campaigns reached are drawn on one chart with its
 * own (a blind campaign measured the same way is `run --guided RUNTIME --mutation-share 0`:
 * the same coverage build, steps and map, only without mutants).
 *
 * @example
 * ```sh
 * luau-fuzz report runs/guided --compare runs/blind
 * ```
 */
export function reportCommand(): Command {
  return new Command('report')
    .description("write a campaign's report.html again, with other campaigns' coverage curves")
    .argument('<dir>', 'the campaign directory')
    .option(
      '--compare <dirs...>',
      'campaign directories whose coverage curves are drawn beside this one (campaigns run with --guided)',
    )
    .action((dir: string, opts: { compare?: string[] }) => {
      const file = rewriteReport(dir, opts.compare ?? []);
      process.stdout.write(`${file}\n`);
    });
}
