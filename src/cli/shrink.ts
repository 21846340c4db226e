import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorLine } from './error-line.js';
import { connectWorkspace } from './connect-workspace.js';
import {
  connectOptionsOf,
  withWorkspaceOptions,
  type WorkspaceFlags,
} from './workspace-options.js';
import { Command, Option } from 'commander';
import fc from 'fast-check';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { GENERATOR_VERSION, readGeneratorSettings } from '../arbitrary/index.js';
import {
  campaignArbitrary,
  campaignGrammar,
  compareShrunk,
  GeneratorVersionError,
  isCheckerFinding,
  readFindingRecord,
  shrinkCheckerFinding,
  ProjectPool,
  shrinkRemotely,
  updateShrunk,
} from '../campaign/index.js';
import type { FindingRecord } from '../campaign/index.js';
import { decodeGrammarTree } from '../tree/index.js';
import { wholeNumber } from './setting-flags.js';

/** A finding of the type checker: shrunk with the checker here, no workspace needed. */
async function shrinkChecked(
  dir: string,
  finding: FindingRecord,
  original: ModuleSet | undefined,
  flags: ShrinkFlags,
): Promise<void> {
  const check = finding.original.check;
  if (finding.analyze === undefined || check === undefined || !isCheckerFinding(finding.kind))
    throw new Error(
      `${dir}/outcome.json: a ${finding.kind} finding without its checker (analyze, original.check)`,
    );
  const arbitrary = campaignArbitrary(finding);
  const tree =
    original ??
    fc.sample(arbitrary, {
      seed: finding.seed,
      path: String(finding.original.index),
      numRuns: 1,
    })[0]!;
  const result = await shrinkCheckerFinding({
    analyze: finding.analyze,
    arbitrary,
    seed: finding.seed,
    index: finding.original.index,
    tree,
    kind: finding.kind,
    check,
    timeoutMs: flags.timeout,
    maxAttempts: flags.attempts,
    maxTimeMs: flags.time,
  });
  if (!result.reproduced) process.exitCode = 1;
  const kept = result.reproduced ? keptLine(dir, result.tree) : undefined;
  const record = result.reproduced
    ? updateShrunk(dir, result.tree, { ...result, outcomes: finding.original.outcomes })
    : finding;
  process.stdout.write(
    flags.json === true
      ? `${JSON.stringify(record, null, 2)}\n`
      : !result.reproduced
        ? `${finding.kind}: the checker did not misjudge the original again (${finding.signature}); nothing shrunk\n`
        : kept !== undefined
          ? `${finding.kind}: ${kept}`
          : `${finding.kind}: ${record.original.nodes} → ${record.shrunk.nodes} nodes in ${result.attempts} checks\n${join(dir, 'shrunk.luau')}\n`,
  );
}

/**
 * What to say when the finding keeps its shrunk program because `tree` is not smaller
 * (undefined when `tree` replaces it).
 */
function keptLine(dir: string, tree: ModuleSet): string | undefined {
  const { smaller, saved, candidate } = compareShrunk(dir, tree);
  if (smaller || saved === undefined) return undefined;
  return (
    `kept the shrunk program saved before (${saved.nodes} nodes, ${saved.chars} characters): ` +
    `this one (${candidate.nodes} nodes, ${candidate.chars} characters) is not smaller\n${join(dir, 'shrunk.luau')}\n`
  );
}

interface ShrinkFlags extends WorkspaceFlags {
  attempts: number;
  time: number;
  timeout: number;
  rederive?: boolean;
  json?: boolean;
}

/**
 * `luau-fuzz shrink FINDING_DIR`: shrinks a saved finding again (with a new budget), running
 * the candidates in workspace projects (the embedded workspace when none is given), and
 * rewrites its `shrunk.*` files and `outcome.json` when the new program is smaller (fewer
 * messages, then a shorter printed source; otherwise it keeps them and says so). It starts from the recorded tree
 * (`original.binpb`); a finding drawn by another generator version is refused before anything
 * starts, unless `--rederive` (statement deletion on the recorded tree, without fast-check's
 * replay of the seed and index).
 *
 * @example
 * ```sh
 * luau-fuzz shrink luau-fuzz-runs/2026-01-01T00-00-00/findings/3f9a0c1d2e4b5a69 --attempts 1000
 * luau-fuzz shrink old-runs/findings/3f9a0c1d2e4b5a69 --rederive
 * ```
 */
export function shrinkCommand(): Command {
  const head = new Command('shrink')
    .description('shrink a saved finding again, re-running candidates in workspace projects')
    .argument('<finding-dir>', 'a finding directory (holding outcome.json)')
    .addOption(
      new Option('--attempts <n>', 'candidate runs')
        .argParser(wholeNumber('--attempts', 1))
        .default(300),
    )
    .addOption(
      new Option('--time <ms>', 'time allowed').argParser(wholeNumber('--time', 1)).default(60_000),
    )
    .addOption(
      new Option('--timeout <ms>', 'wall-clock limit per program')
        .argParser(wholeNumber('--timeout', 1))
        .default(2000),
    )
    .option(
      '--rederive',
      'a finding recorded by another generator version: shrink original.binpb by deleting statements (no fast-check replay)',
    );
  return withWorkspaceOptions(head)
    .option('--json', 'print the updated outcome.json')
    .action(shrinkAction);
}

/** What `luau-fuzz shrink` does with its flags. */
async function shrinkAction(dir: string, flags: ShrinkFlags): Promise<void> {
  const recordPath = join(dir, 'outcome.json');
  if (!existsSync(recordPath))
    throw new Error(`${dir} is not a finding directory (no outcome.json)`);
  const finding = readFindingRecord(recordPath);
  const recorded = finding.generatorVersion ?? null;
  if (recorded !== GENERATOR_VERSION && flags.rederive !== true) {
    throw new GeneratorVersionError(
      dir,
      recorded,
      'Shrink it with --rederive to work from its recorded tree (original.binpb) by deleting statements, ' +
        "without fast-check's replay.",
    );
  }
  // The finding's trees are of the grammar its record names (the seed's when none).
  const grammar = campaignGrammar(readGeneratorSettings(finding, recordPath));
  const original = originalTree(dir, grammar);
  if (original === undefined && recorded !== GENERATOR_VERSION)
    throw new Error(`${dir} has no original.binpb to shrink without a replay`);
  if (isCheckerFinding(finding.kind)) {
    await shrinkChecked(dir, finding, original, flags);
    return;
  }
  const ws = await connectWorkspace({
    command: 'shrink',
    runtimes: finding.runtimes,
    ...connectOptionsOf(flags),
  });
  for (const notice of ws.notices) process.stderr.write(errorLine(notice));
  try {
    const pool = new ProjectPool(ws.target.client, ws.target.projectIds, {
      runtimes: finding.runtimes,
      timeoutMs: flags.timeout,
    });
    await pool.prepare();
    const arbitrary = campaignArbitrary(finding);
    const result = await shrinkRemotely({
      pool,
      arbitrary,
      grammar,
      seed: finding.seed,
      index: finding.original.index,
      ...(original === undefined ? {} : { tree: original }),
      level: finding.level,
      kind: finding.kind,
      runtimes: finding.runtimes,
      outcomes: finding.original.outcomes,
      maxAttempts: flags.attempts,
      maxTimeMs: flags.time,
    });
    // A finding that did not fail again keeps its files: nothing was shrunk.
    const kept = result.reproduced ? keptLine(dir, result.tree) : undefined;
    const record = result.reproduced ? updateShrunk(dir, result.tree, result) : finding;
    printShrinkResult(dir, finding, record, kept, result, flags.json === true);
    if (!result.reproduced) process.exitCode = 1;
  } finally {
    await ws.close();
  }
}

/** The program as found (`original.binpb`), which shrinking starts from, if the finding has it. */
function originalTree(
  dir: string,
  grammar: ReturnType<typeof campaignGrammar>,
): ModuleSet | undefined {
  const originalPath = join(dir, 'original.binpb');
  return existsSync(originalPath)
    ? (decodeGrammarTree(readFileSync(originalPath), 'binpb', {
        grammar,
        source: originalPath,
      }).tree as ModuleSet)
    : undefined;
}

/** What a shrink did, on stdout: the updated record as JSON, or a line. */
function printShrinkResult(
  dir: string,
  finding: FindingRecord,
  record: FindingRecord,
  kept: string | undefined,
  result: { reproduced: boolean; attempts: number; timeMs: number },
  json: boolean,
): void {
  if (json) {
    process.stdout.write(`${JSON.stringify(record, null, 2)}\n`);
  } else if (kept !== undefined) {
    process.stdout.write(`${finding.kind}: ${kept}`);
  } else if (result.reproduced) {
    process.stdout.write(
      `${finding.kind}: ${record.original.nodes} → ${record.shrunk.nodes} nodes in ${result.attempts} runs ` +
        `(${(result.timeMs / 1000).toFixed(1)} s)\n${join(dir, 'shrunk.luau')}\n`,
    );
  } else {
    process.stdout.write(
      `${finding.kind}: the original did not fail again (${finding.signature}); nothing shrunk\n`,
    );
  }
}
