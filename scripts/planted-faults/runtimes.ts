import type { PlantedFault } from './planted-fault.js';

/**
 * Faults in the workspace client, the runtimes, triage and shrinking, the report and the layers: the claims of `test/README.md`'s "Library" table.
 *
 * @example
 * ```ts
 * runtimesFaults.map((f) => f.name); // ['shrink-keep-any-signature', …]
 * ```
 */
export const runtimesFaults: readonly PlantedFault[] = [
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
    name: 'key-not-redacted',
    what: 'errors are redacted of the Basic credentials but not of the bare key',
    claim: 'the key never appears in errors',
    edits: [{ file: 'src/workspace/client/redact.ts', search: '    apiKey,\n', replace: '' }],
    tests: ['test/workspace/client.test.ts'],
    only: 'secrecy',
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
    name: 'luau-cli-o0-as-o1',
    what: '`luau-cli:-O0` runs at the CLI default -O1',
    claim: '`luau-cli` and command-template profiles: batches per `luau` process, …',
    edits: [
      {
        file: 'src/runtime/profile.ts',
        search: '      else given.push(luauCliOption(part));',
        replace:
          "      else given.push(luauCliOption(part) === '-O0' ? '-O1' : luauCliOption(part));",
      },
    ],
    tests: ['test/runtime/command-runtime.test.ts'],
    only: 'optimisation level',
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
    name: 'luau-cli-i-allowed',
    what: 'a `luau-cli` spec takes `-i`, which waits for input after the programs',
    claim: 'a `luau-cli` spec passes every other option …; `-a`/`-i`/`-h` are refused by name',
    edits: [
      {
        file: 'src/runtime/profile.ts',
        search: "  '-i': 'waits for input after the programs',\n",
        replace: '',
      },
    ],
    tests: ['test/runtime/profile.test.ts'],
  },
  {
    name: 'client-upgrades-not-nested',
    what: '`setProjectUpgrades` writes the upgrades in place of the user entry',
    claim: '`WorkspaceClient`: `ping`, `query`, `exec`, typed helpers, injectable `fetch`',
    edits: [
      {
        file: 'src/workspace/client/client.ts',
        search: '    return this.setProject(projectId, { users: { [accountId]: { upgrades } } });',
        replace:
          '    return this.setProject(projectId, { users: { [accountId]: upgrades as ProjectUser } });',
      },
    ],
    tests: ['test/workspace/client.test.ts'],
    only: 'typed helpers',
  },
  {
    name: 'triage-ignores-signal',
    what: 'runtimes that crash with different signals fall in one group',
    claim: '`--diff` over two or more runtimes, triage by signature, exit 3 with findings',
    edits: [
      {
        file: 'src/campaign/triage.ts',
        search: "    const key = `${o.status}\\u0000${o.signal ?? ''}\\u0000${o.outputHash}`;",
        replace: '    const key = `${o.status}\\u0000${o.outputHash}`;',
      },
    ],
    tests: ['test/campaign/triage.test.ts'],
  },
  {
    name: 'split-loses-program',
    what: 'a batch split after HTTP 413 drops the first program of its second half',
    claim: 'API v2 beside v1: detection, async jobs, 413 splitting',
    edits: [
      {
        file: 'src/campaign/projects.ts',
        search: '...(await run(some.slice(half)))',
        replace: '...(await run(some.slice(half + 1)))',
      },
    ],
    tests: ['test/campaign/projects-413.test.ts'],
  },
  {
    name: 'report-link-flat',
    what: "the report links a finding's files as if they were all in `findings/`",
    claim: 'the report lists findings first, with working links, in a real browser',
    edits: [
      {
        file: 'src/campaign/report.ts',
        search: '`<a href="findings/${f.hash}/${n}">${n}</a>`',
        replace: '`<a href="findings/${n}">${n}</a>`',
      },
    ],
    tests: ['test/e2e/report-browser.test.ts', 'test/campaign/report.test.ts'],
    only: 'working links|links to their files',
  },
  {
    name: 'threads-drop-max-depth',
    what: 'the generation threads are sent the settings without `maxDepth`: they draw at the default depth',
    claim:
      "runner workers keep V8's baseline compiler …; generation threads … give the same programs whatever their number",
    edits: [
      {
        file: 'src/campaign/program-generator.ts',
        search: '{ workerData: this.#settings }',
        replace: '{ workerData: { ...this.#settings, maxDepth: undefined } }',
      },
    ],
    tests: ['test/campaign/program-generator.test.ts'],
    only: 'whatever the number of threads',
  },
];
