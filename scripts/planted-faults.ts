/** One textual change to a file of the checkout: `search` must occur exactly once. */
export interface FaultEdit {
  /** The file, relative to the checkout. */
  readonly file: string;
  /** The text to replace, exactly as it is in the file. */
  readonly search: string;
  /** What replaces it. */
  readonly replace: string;
}

/** A plausible bug, planted by `plant-faults.ts`, and the test that should catch it. */
export interface PlantedFault {
  /** A short name (`--only NAME`). */
  readonly name: string;
  /** What the bug does, in a few words. */
  readonly what: string;
  /** The promise of `test/README.md` it breaks (the first cell of its row, shortened). */
  readonly claim: string;
  /** The edits that make the bug. */
  readonly edits: readonly FaultEdit[];
  /** The test files to run, relative to the checkout. */
  readonly tests: readonly string[];
  /** Only the tests whose name matches this pattern (`vitest -t`). */
  readonly only?: string;
}

/**
 * Every fault `plant-faults.ts` plants: the ones an audit found surviving, and one per claim
 * of `test/README.md`.
 *
 * @example
 * ```ts
 * plantedFaults.find((f) => f.name === 'store-synchronous-off')?.tests; // ['test/workspace/serve-process.test.ts']
 * ```
 */
export const plantedFaults: readonly PlantedFault[] = [
  {
    name: 'shrink-keep-any-signature',
    what: 'shrinking keeps any candidate of the same kind, whatever its signature',
    claim: 'findings are shrunk … with every candidate re-run',
    edits: [
      {
        file: 'src/campaign/remote-shrink.ts',
        search:
          '      outcomes === undefined ||\n      !reproduces(args.level, args.kind, args.runtimes, args.outcomes, outcomes)',
        replace:
          '      outcomes === undefined ||\n      classifyOutcomes(args.level, outcomes) !== args.kind',
      },
      {
        file: 'src/campaign/remote-shrink.ts',
        search: "import type { FindingKind } from './classify.js';",
        replace: "import { classifyOutcomes, type FindingKind } from './classify.js';",
      },
    ],
    tests: ['test/e2e/diff.test.ts'],
    only: 'two faults',
  },
  {
    name: 'reproduces-any-kind',
    what: '`reproduces` compares signatures without the kind',
    claim: '`--diff` … triage by signature',
    edits: [
      {
        file: 'src/campaign/triage.ts',
        search: '  if (classifyOutcomes(level, candidate) !== kind) return false;\n',
        replace: '',
      },
    ],
    tests: ['test/campaign/triage.test.ts'],
  },
  {
    name: 'network-always-on',
    what: 'a project is isolated only below network upgrade 0, so never by default',
    claim: 'network isolation (`auto`, `require`, `off`)',
    edits: [
      {
        file: 'src/workspace/server/project-manager.ts',
        search: '    const isolate = quotas.network <= 0;',
        replace: '    const isolate = quotas.network < 0;',
      },
    ],
    tests: ['test/workspace/server-quotas.test.ts', 'test/workspace/server-isolation.test.ts'],
    only: 'network',
  },
  {
    name: 'store-synchronous-off',
    what: 'the store opens its database with synchronous = OFF',
    claim: 'every write is on disk before it is acknowledged',
    edits: [
      {
        file: 'src/workspace/server/store.ts',
        search: "    this.db.pragma('synchronous = FULL');",
        replace: "    this.db.pragma('synchronous = OFF');",
      },
    ],
    tests: ['test/workspace/serve-process.test.ts'],
    only: 'on disk|acknowledged',
  },
  {
    name: 'resident-serial',
    what: 'the resident runner runs the batches handed to it one after another',
    claim: 'over v2 a campaign keeps a resident runner per project: … run in parallel',
    edits: [
      {
        file: 'data/runner/serve.mjs',
        search: '  let active = 0;\n',
        replace: '  let active = 0;\n  let serial = Promise.resolve();\n',
      },
      {
        file: 'data/runner/serve.mjs',
        search: '        await runJobs(used.runtime, batch, () => undefined);',
        replace:
          '        const runtime = used.runtime;\n        await (serial = serial.then(() => runJobs(runtime, batch, () => undefined)));',
      },
    ],
    tests: ['test/runtime/resident-runner.test.ts'],
  },
  // One fault per claim of test/README.md.
  {
    name: 'run-out-without-seconds',
    what: 'the default campaign directory is named to the minute',
    claim: 'the campaign directory defaults to `luau-fuzz-runs/<time>/`',
    edits: [
      {
        file: 'src/cli/run.ts',
        search: ".replace(/[:.]/g, '-').slice(0, 19);",
        replace: ".replace(/[:.]/g, '-').slice(0, 16);",
      },
    ],
    tests: ['test/cli/run.test.ts'],
  },
  {
    name: 'serve-on-all-addresses',
    what: 'the server listens on every address by default',
    claim: '127.0.0.1 by default, or `--host`',
    edits: [
      {
        file: 'src/workspace/server/server.ts',
        search: "  const host = opts.host ?? '127.0.0.1';",
        replace: "  const host = opts.host ?? '0.0.0.0';",
      },
    ],
    tests: ['test/workspace/server-http.test.ts'],
  },
  {
    name: 'data-dir-ignores-xdg',
    what: 'the default data directory reads XDG_CONFIG_HOME',
    claim: 'the data directory defaults to `$XDG_DATA_HOME/luau-fuzz/workspace`',
    edits: [
      {
        file: 'src/workspace/server/bootstrap.ts',
        search: '      ? env.XDG_DATA_HOME\n',
        replace: "      ? (env.XDG_CONFIG_HOME ?? join(homedir(), '.config'))\n",
      },
    ],
    tests: ['test/workspace/bootstrap.test.ts'],
  },
  {
    name: 'key-file-world-readable',
    what: 'the API key file is created readable by everyone',
    claim: 'the first start creates an account, a key (`api-key`, mode 0600) and a project',
    edits: [
      {
        file: 'src/workspace/server/bootstrap.ts',
        search: '  chmodSync(keyFile, 0o600);',
        replace: '  chmodSync(keyFile, 0o644);',
      },
    ],
    tests: ['test/workspace/serve-process.test.ts'],
    only: 'bootstraps',
  },
  {
    name: 'memory-quota-mib',
    what: 'the default memory quota is 1024 MB',
    claim: 'default quotas (1000 MB, 3000 MB, 1800 s, network off) plus upgrades',
    edits: [
      {
        file: 'src/workspace/server/quotas.ts',
        search: '  memory: 1000,',
        replace: '  memory: 1024,',
      },
    ],
    tests: ['test/workspace/quotas.test.ts'],
  },
  {
    name: 'key-not-redacted',
    what: 'errors are redacted of the Basic credentials but not of the bare key',
    claim: 'the key never appears in errors',
    edits: [
      { file: 'src/workspace/client/client.ts', search: '      this.#apiKey,\n', replace: '' },
    ],
    tests: ['test/workspace/client.test.ts'],
    only: 'secrecy',
  },
  {
    name: 'no-retry-504',
    what: 'a 504 gateway timeout is not retried',
    claim: 'retries of gateway errors and project starts, with backoff and jitter',
    edits: [
      {
        file: 'src/workspace/client/client.ts',
        search: 'const GATEWAY = new Set([502, 503, 504]);',
        replace: 'const GATEWAY = new Set([502, 503]);',
      },
    ],
    tests: ['test/workspace/client.test.ts'],
    only: 'retries',
  },
  {
    name: 'stats-depth',
    what: 'treeStats misses the deepest level when it is one below the previous maximum',
    claim: '`treeStats`',
    edits: [
      {
        file: 'src/tree/stats.ts',
        search: '    if (node.depth > stats.depth) stats.depth = node.depth;',
        replace: '    if (node.depth > stats.depth + 1) stats.depth = node.depth;',
      },
    ],
    tests: ['test/tree/stats.test.ts'],
  },
  {
    name: 'timeout-pair-differs',
    what: 'a timeout beside an ok run counts as a differential mismatch',
    claim: 'a finding is a crash; a timeout or runtime error …; a differential mismatch',
    edits: [
      {
        file: 'src/campaign/classify.ts',
        search: "  if (a.status === 'timeout' || b.status === 'timeout') return false;",
        replace: "  if (a.status === 'timeout' && b.status === 'timeout') return false;",
      },
    ],
    tests: ['test/campaign/classify.test.ts'],
  },
  {
    name: 'print-exit-status',
    what: '`print` exits 0 when only one of its files failed',
    claim: 'bad files and arguments are named; … the exit code says whether any failed',
    edits: [
      {
        file: 'src/cli/print.ts',
        search: '      if (failed > 0) process.exitCode = 1;',
        replace: '      if (failed > 1) process.exitCode = 1;',
      },
    ],
    tests: ['test/print/cli.test.ts'],
  },
  {
    name: 'convert-exit-status',
    what: '`convert` exits 0 when only one of its files failed',
    claim: '`luau-fuzz convert FILE... --to FORMAT`',
    edits: [
      {
        file: 'src/cli/convert.ts',
        search: '      if (failed > 0) process.exitCode = 1;',
        replace: '      if (failed > 1) process.exitCode = 1;',
      },
    ],
    tests: ['test/cli/convert.test.ts'],
  },
  {
    name: 'path-dotdot-escape',
    what: 'a path through `../x` is not seen as leaving the home',
    claim: '`path` confinement',
    edits: [
      {
        file: 'src/workspace/server/sandbox.ts',
        search: "    return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);",
        replace: "    return rel === '..' || isAbsolute(rel);",
      },
    ],
    tests: ['test/workspace/server-exec.test.ts'],
    only: 'escape',
  },
  {
    name: 'timeout-kills-leader-only',
    what: 'a timeout kills the command but not its process group',
    claim: 'a timeout kills the process group; a stop kills every process of the project',
    edits: [
      {
        file: 'src/workspace/server/processes.ts',
        search: "    process.kill(-sid, 'SIGKILL');",
        replace: "    process.kill(sid, 'SIGKILL');",
      },
    ],
    tests: ['test/workspace/server-exec.test.ts'],
    only: 'process group|stop kills',
  },
  {
    name: 'runner-verify-any-exit',
    what: 'an installed runner counts as verified whenever node could start it',
    claim: 'the runner a campaign installs is the same code, verified by checksum',
    edits: [
      {
        file: 'src/runtime/remote-runner.ts',
        search: '    return { ok: r.exit_code === 0, text: `${r.stdout}${r.stderr}`.trim() };',
        replace: '    return { ok: r.exit_code !== 127, text: `${r.stdout}${r.stderr}`.trim() };',
      },
    ],
    tests: ['test/runtime/remote-runner.test.ts'],
    only: 'checksum|re-uploads',
  },
  {
    name: 'idle-stop-seconds-as-ms',
    what: 'the idle stop waits mintime milliseconds',
    claim: 'idle stop after `mintime`',
    edits: [
      {
        file: 'src/workspace/server/project-manager.ts',
        search: '    const ms = Math.max(0, this.quotasOf(project).mintime * 1000);',
        replace: '    const ms = Math.max(0, this.quotasOf(project).mintime * 60_000);',
      },
    ],
    tests: ['test/workspace/server-quotas.test.ts'],
    only: 'idle',
  },
  {
    name: 'disk-quota-in-gb',
    what: 'the disk quota is compared in GB instead of MB',
    claim: 'disk: exec refused over quota; no file grows past it',
    edits: [
      {
        file: 'src/workspace/server/project-manager.ts',
        search: '    const overQuota = diskBytes > quotas.disk_quota * MB;',
        replace: '    const overQuota = diskBytes > quotas.disk_quota * MB * 1024;',
      },
    ],
    tests: ['test/workspace/server-quotas.test.ts'],
    only: 'disk quota',
  },
];
