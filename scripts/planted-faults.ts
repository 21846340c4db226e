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
    claim: "shrinking keeps the finding's signature …",
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
    claim: "shrinking keeps the finding's signature …",
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
        file: 'runner/serve.mjs',
        search: '  let active = 0;\n',
        replace: '  let active = 0;\n  let serial = Promise.resolve();\n',
      },
      {
        file: 'runner/serve.mjs',
        search: '        await runJobs(used.runtime, batch, () => undefined);',
        // Each batch waits for the one before it (a failed one does not stop the next).
        replace:
          '        const runtime = used.runtime;\n        const run = serial.then(() => runJobs(runtime, batch, () => undefined));\n        serial = run.catch(() => undefined);\n        await run;',
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
    edits: [{ file: 'src/workspace/client/redact.ts', search: '    apiKey,\n', replace: '' }],
    tests: ['test/workspace/client.test.ts'],
    only: 'secrecy',
  },
  {
    name: 'no-retry-504',
    what: 'a 504 gateway timeout is not retried',
    claim: 'retries of gateway errors and project starts, with backoff and jitter',
    edits: [
      {
        file: 'src/workspace/client/transport.ts',
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
    only: 'reports each bad file',
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
    name: 'timeout-answers-without-kill',
    what: 'a timeout answers the request but leaves the command running',
    claim: 'a timeout kills the process group; a stop kills every process of the project',
    edits: [
      {
        file: 'src/workspace/server/run-command.ts',
        search: '    if (sid !== undefined) killSession(sid);\n    child.stdout?.destroy();',
        replace: '    child.stdout?.destroy();',
      },
    ],
    tests: ['test/workspace/server-exec.test.ts'],
    only: 'process group',
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
  {
    name: 'compat-assign-spacing',
    what: 'the compat printer writes `=` without spaces in assignments',
    claim: '`printCompat` is byte-identical to the reference printer on all 400 vectors',
    edits: [
      {
        file: 'src/print/compat/stat.ts',
        search: "      w.write(' = ');\n      if (values.length === 0) w.write('nil');",
        replace: "      w.write('=');\n      if (values.length === 0) w.write('nil');",
      },
    ],
    tests: ['test/print/compat-vectors.test.ts'],
  },
  {
    name: 'pretty-concat-left-assoc',
    what: '`..` printed as left associative: `(a .. b) .. c` loses its parentheses',
    claim: '`printPretty` is faithful (precedence, every string byte, attributes)',
    edits: [
      {
        file: 'src/print/pretty/precedence.ts',
        search: 'export const rightPriority: readonly number[] = [6, 6, 7, 7, 7, 7, 9, 4,',
        replace: 'export const rightPriority: readonly number[] = [6, 6, 7, 7, 7, 7, 9, 5,',
      },
    ],
    tests: ['test/print/faithfulness.test.ts', 'test/print/pretty.test.ts'],
  },
  {
    name: 'pretty-break-outside-loop',
    what: '`break` outside a loop is printed as is',
    claim: '`printPretty` repairs what Luau rejects',
    edits: [
      {
        file: 'src/print/pretty/stat.ts',
        search: "      w.write(ctx.inLoop() ? 'break' : 'do end');",
        replace: "      w.write('break');",
      },
    ],
    tests: ['test/print/pretty.test.ts'],
  },
  {
    name: 'pretty-nesting-unbounded',
    what: 'the pretty printer accepts nesting far past 1000',
    claim: 'its output parses for every generated tree; past 1000 it is a `PrintError`',
    edits: [
      {
        file: 'src/print/pretty/context.ts',
        search: 'export const NESTING_LIMIT = 1000;',
        replace: 'export const NESTING_LIMIT = 100_000;',
      },
    ],
    tests: ['test/print/pretty.test.ts'],
    only: 'nesting',
  },
  {
    name: 'codec-depth-unbounded',
    what: 'the codecs accept nesting ten times deeper',
    claim: 'malformed input is a `TreeError` naming the file: … nesting past 1000',
    edits: [
      {
        file: 'src/tree/codec.ts',
        search: 'export const MAX_TREE_DEPTH = 1000;',
        replace: 'export const MAX_TREE_DEPTH = 10_000;',
      },
    ],
    tests: ['test/tree/codec.test.ts'],
  },
  {
    name: 'oneofs-always-set',
    what: 'schema-level oneofs never stay unset',
    claim: '`schema`: every required field set, oneofs sometimes unset',
    edits: [
      {
        file: 'src/arbitrary/schema-level.ts',
        search: '    fc.constant(undefined),\n    ...oneof.fields.map(',
        replace: '    ...oneof.fields.map(',
      },
    ],
    tests: ['test/arbitrary/schema-level.test.ts'],
  },
  {
    name: 'root-exports-server',
    what: 'the package root also exports the embedded workspace server',
    claim: 'the package root loads no server stack; layers enforced',
    edits: [
      {
        file: 'src/index.ts',
        search: "export * from './arbitrary/index.js';",
        replace:
          "export * from './arbitrary/index.js';\nexport { startWorkspaceServer } from './workspace/server/index.js';",
      },
    ],
    tests: ['test/lint/layers.test.ts'],
  },
  {
    name: 'gen-hand-edited',
    what: 'a hand edit of the generated code',
    claim: 'the committed `gen/` is current',
    edits: [
      {
        file: 'gen/luau_pb.ts',
        search: '// (luau.proto of Luau release 715).',
        replace: '// (luau.proto of Luau release 0.715).',
      },
    ],
    tests: ['test/gen/generated.test.ts'],
  },
  {
    name: 'golden-update-under-ci-1',
    what: 'goldens are rewritten under CI=1',
    claim: 'goldens are rewritten only on request, never under CI',
    edits: [
      {
        file: 'test/helpers/golden-mode.ts',
        search: "  if (env.CI !== undefined && env.CI !== '' && env.CI !== 'false') {",
        replace: "  if (env.CI === 'true') {",
      },
    ],
    tests: ['test/print/golden.test.ts'],
    only: 'goldenUpdate',
  },
  {
    name: 'luau-cli-o0-as-o1',
    what: '`luau-cli:-O0` runs at the CLI default -O1',
    claim: '`luau-cli` and command-template profiles: batches per `luau` process, …',
    edits: [
      {
        file: 'src/runtime/profile.ts',
        search: '        optimize = Number(part.slice(2)) as 0 | 1 | 2;',
        replace: "        optimize = (part === '-O0' ? 1 : Number(part.slice(2))) as 0 | 1 | 2;",
      },
    ],
    tests: ['test/runtime/command-runtime.test.ts'],
    only: 'optimisation level',
  },
  {
    name: 'resume-older-version',
    what: 'a campaign of an older generator version is resumed without a word',
    claim:
      'a campaign records the generator version …; `--resume` … of another version are refused',
    edits: [
      {
        file: 'src/campaign/store.ts',
        search:
          "    const recorded = typeof saved.generatorVersion === 'number' ? saved.generatorVersion : null;\n    if (recorded !== GENERATOR_VERSION && resumeOptions.rederive !== true) {",
        replace:
          "    const recorded = typeof saved.generatorVersion === 'number' ? saved.generatorVersion : null;\n    if (recorded !== null && recorded > GENERATOR_VERSION && resumeOptions.rederive !== true) {",
      },
    ],
    tests: ['test/campaign/store.test.ts'],
    only: 'generator version',
  },
  {
    name: 'luau-web-integer-literals',
    what: 'the luau-web profile allows integer literals',
    claim: '`luau-web` has no integer literals',
    edits: [
      {
        file: 'src/arbitrary/options.ts',
        search: '    interpolatedStrings: true,\n    integerLiterals: false,',
        replace: '    interpolatedStrings: true,\n    integerLiterals: true,',
      },
    ],
    tests: ['test/arbitrary/syntax-level.test.ts'],
    only: 'integer literals',
  },
  {
    name: 'exec-cap-off-by-one',
    what: 'a project runs one exec more than its concurrency cap',
    claim: 'bounded output, concurrency (429), collaborator rules, request timeouts',
    edits: [
      {
        file: 'src/workspace/server/project-manager.ts',
        search: '    if (r.running >= this.options.maxExecsPerProject) {',
        replace: '    if (r.running > this.options.maxExecsPerProject) {',
      },
    ],
    tests: ['test/workspace/server-limits.test.ts', 'test/workspace/server-exec.test.ts'],
    only: 'concurren|429',
  },
  {
    name: 'shrink-command-unregistered',
    what: 'the `shrink` command is not registered',
    claim: 'the command table lists every command, and every command answers `--help`',
    edits: [{ file: 'src/cli/main.ts', search: '    .addCommand(shrinkCommand())\n', replace: '' }],
    tests: ['test/cli/main.test.ts'],
  },
  {
    name: 'typed-string-array-as-number',
    what: 'string arrays are annotated as number arrays',
    claim: '`typed`: runnable, with annotations that pass `luau-analyze --mode=strict`',
    edits: [
      {
        file: 'src/arbitrary/runnable/types.ts',
        search: "    case 'sarr':\n      return arrayOf(primitive('string'));",
        replace: "    case 'sarr':\n      return arrayOf(primitive('number'));",
      },
    ],
    tests: ['test/arbitrary/typed-analyze.test.ts'],
    only: 'seed 1\\b',
  },
  {
    name: 'batch-module-misnamed',
    what: "a batch program's module is written as module1.luau",
    claim: 'runnable programs print the same at `-O0`, `-O2`, `--codegen` …',
    edits: [
      {
        file: 'runner/luau-programs.mjs',
        search:
          '    if (hasModule) writeFileSync(join(this.dir, module), `${stop}${source.module}`);',
        replace:
          "    if (hasModule) writeFileSync(join(this.dir, dir, 'module1.luau'), `${stop}${source.module}`);",
      },
    ],
    tests: ['test/arbitrary/runnable-engines.test.ts'],
    only: 'profile luau, seed 1\\b',
  },
  {
    name: 'network-error-without-id',
    what: 'a network error loses the request id',
    claim: "typed errors with the request id and the server's message",
    edits: [
      {
        file: 'src/workspace/client/transport.ts',
        search:
          '      throw new NetworkError(`${operation}: cannot reach ${this.baseUrl}: ${this.redact(reason)}`, {\n        requestId: id,\n      });',
        replace:
          '      throw new NetworkError(`${operation}: cannot reach ${this.baseUrl}: ${this.redact(reason)}`, {});',
      },
    ],
    tests: ['test/workspace/client.test.ts'],
    only: 'errors',
  },
  {
    name: 'pong-without-id',
    what: '`ping` answers without the request id',
    claim: '`/api/v1/query`, `/api/v1/project_exec`, `/api/v1/ping`',
    edits: [
      {
        file: 'src/workspace/server/app.ts',
        search: "    event: 'pong',\n    id: requestId(req),",
        replace: "    event: 'pong',",
      },
    ],
    tests: ['test/workspace/server-http.test.ts', 'test/workspace/client.test.ts'],
  },
  {
    name: 'bash-mode-no-cpu-limit',
    what: 'bash mode runs its script without `ulimit -t`',
    claim: 'CPU time: `ulimit -t` in bash mode, a backstop otherwise',
    edits: [
      {
        file: 'src/workspace/server/command-line.ts',
        search:
          '    await writeFile(script, `ulimit -t ${c.cpuSeconds}\\n${line}\\n`, { mode: 0o600 });',
        replace: '    await writeFile(script, `${line}\\n`, { mode: 0o600 });',
      },
    ],
    tests: ['test/workspace/server-exec.test.ts'],
    only: 'CPU time',
  },
  {
    name: 'sandbox-shows-data-dir',
    what: 'the sandbox no longer hides the data directory',
    claim: 'every command in a bubblewrap sandbox: nothing of the data directory, …',
    edits: [
      {
        file: 'src/workspace/server/project-manager.ts',
        search: '        hide: [this.realDataDir],',
        replace: '        hide: [],',
      },
    ],
    tests: ['test/workspace/server-isolation.test.ts'],
    only: 'data directory',
  },
  {
    name: 'memory-leader-only',
    what: 'the memory monitor counts the first process of a project only',
    claim: 'memory: summed from `/proc`, killed past the quota',
    edits: [
      {
        file: 'src/workspace/server/memory-monitor.ts',
        search: '        for (const p of members) rss += p.rss;',
        replace: '        for (const p of members.slice(0, 1)) rss += p.rss;',
      },
    ],
    tests: ['test/workspace/server-quotas.test.ts', 'test/workspace/server-isolation.test.ts'],
    only: 'memory',
  },
  {
    name: 'run-max-depth-dropped',
    what: '`run --max-depth` never reaches the generator',
    claim:
      '`run --max-depth`, `--max-statements`, `--no-types` reach the generator and are recorded',
    edits: [{ file: 'src/cli/run.ts', search: "    ['maxDepth', f.maxDepth],\n", replace: '' }],
    tests: ['test/cli/run.test.ts'],
    only: 'max-depth',
  },
  {
    name: 'gen-manifest-count-as-unique',
    what: "`gen`'s manifest counts duplicates as unique trees",
    claim: '`luau-fuzz gen`: one file per format per tree, named by content hash, `manifest.json`',
    edits: [
      {
        file: 'src/cli/gen.ts',
        search: '        unique: entries.length,',
        replace: '        unique: flags.count,',
      },
    ],
    tests: ['test/arbitrary/cli.test.ts'],
    only: 'genCommand',
  },
  {
    name: 'optional-fields-freq',
    what: 'schema-level optional fields are left unset more often, without a new GENERATOR_VERSION',
    claim: '`GENERATOR_VERSION` changes with every change of the generated trees',
    edits: [
      {
        file: 'src/arbitrary/schema-level.ts',
        search: '  return fc.option(value, {\n    nil: undefined,\n',
        replace: '  return fc.option(value, {\n    nil: undefined,\n    freq: 3,\n',
      },
    ],
    tests: ['test/arbitrary/generator-version.test.ts'],
  },
  {
    name: 'finding-without-textproto',
    what: 'a finding is saved without its text-format tree',
    claim:
      'findings are shrunk by fast-check with every candidate re-run in a project, and saved as `.binpb`, `.textproto`, `.luau`',
    edits: [
      {
        file: 'src/campaign/findings.ts',
        search:
          "  writeFileSync(join(dir, `${stem}.textproto`), encodeTree(ModuleSetSchema, tree, 'textproto'));\n",
        replace: '',
      },
    ],
    tests: ['test/campaign/findings.test.ts', 'test/campaign/shrink.test.ts'],
  },
  {
    name: 'pool-timeout-as-error',
    what: 'luau-web programs past the wall-clock limit are reported as runtime errors',
    claim: '`LuauWebPool`: many programs per VM state, each isolated …; a wall-clock limit; …',
    edits: [
      {
        file: 'runner/pool.mjs',
        search:
          "        {\n          status: 'timeout',\n          error: `no result within ${now.job.timeoutMs} ms`,",
        replace:
          "        {\n          status: 'runtime-error',\n          error: `no result within ${now.job.timeoutMs} ms`,",
      },
    ],
    tests: ['test/runtime/luau-web-pool.test.ts'],
  },
  {
    name: 'print-indent-ignored',
    what: '`print --indent` is not passed to the printer',
    claim: '`luau-fuzz print`: every extension, `--mode`, `--no-types`, `--indent`, `--out`',
    edits: [
      {
        file: 'src/cli/print.ts',
        search:
          '          types: opts.types,\n          ...(opts.indent === undefined ? {} : { indent: opts.indent }),\n',
        replace: '          types: opts.types,\n',
      },
    ],
    tests: ['test/print/cli.test.ts'],
    only: 'indentation|into --out',
  },
  {
    name: 'nil-not-reserved',
    what: '`nil` is missing from the reserved words (a value, not a keyword), so `a.nil` is printed',
    claim: '`printPretty` repairs what Luau rejects',
    edits: [{ file: 'src/print/keywords.ts', search: "  'nil',\n", replace: '' }],
    tests: ['test/print/pretty.test.ts'],
    only: 'reserved',
  },
  {
    name: 'check-json-without-runtime',
    what: '`check --json` leaves out the runtime it checked against',
    claim: '`luau-fuzz check`: outcomes and coverage, `--json`',
    edits: [
      {
        file: 'src/cli/check.ts',
        search:
          "          ? JSON.stringify({ ...report, runtime: flags.runtime.spec, ...measures }, null, 2) + '\\n'",
        replace: "          ? JSON.stringify({ ...report, ...measures }, null, 2) + '\\n'",
      },
    ],
    tests: ['test/arbitrary/cli.test.ts'],
    only: 'checkCommand',
  },
];
