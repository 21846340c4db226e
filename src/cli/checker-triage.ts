import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { writeFileAtomic } from '../format/index.js';
import {
  assertChecker,
  checkerBugs,
  describeBug,
  readFindings,
  shrinkCauses,
  triageCheckerBugs,
} from '../campaign/index.js';
import type { TriageChecker } from '../campaign/index.js';
import { wholeNumber } from './setting-flags.js';

/** Reads `--checker NAME=PATH`, adding it to those given before. */
function checkerOption(value: string, previous: TriageChecker[] = []): TriageChecker[] {
  const at = value.indexOf('=');
  if (at <= 0 || at === value.length - 1)
    throw new InvalidArgumentError(
      `--checker must be NAME=PATH (e.g. 0.735=/opt/luau/luau-analyze), got '${value}'`,
    );
  const checker = { name: value.slice(0, at), path: value.slice(at + 1) };
  try {
    assertChecker(checker.path);
  } catch (e) {
    throw new InvalidArgumentError(
      `--checker ${value}: ${(e as Error).message.replace(/^analyze: /, '')}`,
    );
  }
  return [...previous, checker];
}

/**
 * `luau-fuzz checker-triage DIR --checker 0.715=PATH --checker 0.735=PATH`: the distinct bugs
 * of a campaign's checker findings (grouped by the cause of their reduced programs), each
 * checked with every release's `luau-analyze` in the old, new and all-flags modes and
 * classified: a bug of the checker still in the last release or fixed by it, an intended
 * difference of the new solver (its rule), or a program the generator should not have called
 * clean (the first release's old solver rejects it too). A false positive whose program has
 * further causes that the campaign did not shrink gets them shrunk first ({@link shrinkCauses},
 * within `--cause-time` each). Writes `checker-bugs.json` into the campaign directory.
 *
 * @example
 * ```sh
 * luau-fuzz checker-triage runs/typed --checker 0.715=tools/luau-715/luau-analyze --checker 0.735=tools/luau-735/luau-analyze
 * ```
 */
export function checkerTriageCommand(): Command {
  return new Command('checker-triage')
    .description(
      "a campaign's checker findings as distinct bugs, each triaged against every release's checker",
    )
    .argument('<dir>', 'the campaign directory (run with --analyze)')
    .requiredOption(
      '--checker <name=path>',
      'a release and its luau-analyze, oldest first (repeat; the first is the reference the generator follows)',
      checkerOption,
    )
    .addOption(
      new Option('--timeout <ms>', 'wall-clock limit per check')
        .argParser(wholeNumber('--timeout', 1))
        .default(10_000),
    )
    .addOption(
      new Option(
        '--cause-time <ms>',
        'time to shrink each further cause of a false positive that the campaign did not shrink (0: none)',
      )
        .argParser(wholeNumber('--cause-time', 0))
        .default(20_000),
    )
    .option('--json', 'print the triaged bugs as JSON')
    .action(
      async (
        dir: string,
        flags: { checker: TriageChecker[]; timeout: number; causeTime: number; json?: boolean },
      ) => {
        const findingsDir = join(dir, 'findings');
        if (!existsSync(findingsDir))
          throw new Error(`${dir} is not a campaign directory (no findings/)`);
        // A false positive with further causes gets a reduced program for each (once).
        for (const f of readFindings(findingsDir))
          if (flags.causeTime > 0 && f.kind === 'checker-false-positive' && f.shrunk.shrunk)
            await shrinkCauses(join(findingsDir, f.hash), {
              timeoutMs: flags.timeout,
              maxAttempts: 300,
              maxTimeMs: flags.causeTime,
            });
        const bugs = checkerBugs(dir, readFindings(findingsDir));
        const triaged = await triageCheckerBugs(bugs, flags.checker, { timeoutMs: flags.timeout });
        writeFileAtomic(join(dir, 'checker-bugs.json'), `${JSON.stringify(triaged, null, 2)}\n`);
        const newest = flags.checker[flags.checker.length - 1]!.name;
        process.stdout.write(
          flags.json === true
            ? `${JSON.stringify(triaged, null, 2)}\n`
            : `${triaged.length} distinct bug(s) from ${bugs.reduce((n, b) => n + b.findings.length, 0)} finding(s)\n` +
                triaged.map((b) => `${describeBug(b, newest)}\n`).join(''),
        );
      },
    );
}
