import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connectWorkspace } from './connect-workspace.js';
import { withWorkspaceOptions, type WorkspaceFlags } from './workspace-options.js';
import { Command } from 'commander';
import type { ProfileName, ValidityLevel } from '../arbitrary/index.js';
import { campaignArbitrary, ProjectPool, shrinkRemotely, updateShrunk } from '../campaign/index.js';
import type { FindingRecord } from '../campaign/index.js';

interface ShrinkFlags extends WorkspaceFlags {
  attempts?: string;
  time?: string;
  timeout?: string;
  json?: boolean;
}

function int(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a positive integer, got '${text}'`);
  return n;
}

/**
 * `luau-fuzz shrink FINDING_DIR`: shrinks a saved finding again (with a new budget), running
 * the candidates in workspace projects (the embedded workspace when none is given), and
 * rewrites its `shrunk.*` files and `outcome.json`.
 *
 * @example
 * ```sh
 * luau-fuzz shrink luau-fuzz-runs/2026-01-01T00-00-00/findings/3f9a0c1d2e4b5a69 --attempts 1000
 * ```
 */
export function shrinkCommand(): Command {
  const head = new Command('shrink')
    .description('shrink a saved finding again, re-running candidates in workspace projects')
    .argument('<finding-dir>', 'a finding directory (holding outcome.json)')
    .option('--attempts <n>', 'candidate runs (default 300)')
    .option('--time <ms>', 'time allowed (default 60000)')
    .option('--timeout <ms>', 'wall-clock limit per program (default 2000)');
  return withWorkspaceOptions(head)
    .option('--json', 'print the updated outcome.json')
    .action(async (dir: string, flags: ShrinkFlags) => {
      const recordPath = join(dir, 'outcome.json');
      if (!existsSync(recordPath))
        throw new Error(`${dir} is not a finding directory (no outcome.json)`);
      const finding = JSON.parse(readFileSync(recordPath, 'utf8')) as FindingRecord;
      const ws = await connectWorkspace({
        command: 'shrink',
        ...(flags.url === undefined ? {} : { url: flags.url }),
        ...(flags.apiKey === undefined ? {} : { apiKey: flags.apiKey }),
        ...(flags.api === undefined ? {} : { api: flags.api }),
        ...(flags.project === undefined ? {} : { projectIds: flags.project }),
        ...(flags.projectTitle === undefined ? {} : { projectTitles: flags.projectTitle }),
        ...(flags.workspaceDir === undefined ? {} : { workspaceDir: flags.workspaceDir }),
      });
      try {
        const pool = new ProjectPool(ws.target.client, ws.target.projectIds, {
          runtimes: finding.runtimes,
          timeoutMs: int('--timeout', flags.timeout, 2000),
        });
        await pool.prepare();
        const arbitrary = campaignArbitrary({
          level: finding.level as ValidityLevel,
          profile: finding.profile as ProfileName,
          maxNodes: finding.maxNodes ?? null,
        });
        const result = await shrinkRemotely({
          pool,
          arbitrary,
          seed: finding.seed,
          index: finding.original.index,
          level: finding.level as ValidityLevel,
          kind: finding.kind,
          runtimes: finding.runtimes,
          outcomes: finding.original.outcomes,
          maxAttempts: int('--attempts', flags.attempts, 300),
          maxTimeMs: int('--time', flags.time, 60_000),
        });
        // A finding that did not fail again keeps its files: nothing was shrunk.
        const record = result.reproduced ? updateShrunk(dir, result.tree, result) : finding;
        if (flags.json === true) {
          process.stdout.write(`${JSON.stringify(record, null, 2)}\n`);
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
        if (!result.reproduced) process.exitCode = 1;
      } finally {
        await ws.close();
      }
    });
}
