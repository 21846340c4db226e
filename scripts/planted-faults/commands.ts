import type { PlantedFault } from './planted-fault.js';

/**
 * Faults in the other commands (`gen`, `check`, `print`, `convert`, `coverage`, `serve`,
 * `workspace`), the help and the README: claims of `test/README.md`'s "Commands" table.
 *
 * @example
 * ```ts
 * commandsFaults.map((f) => f.name); // ['optional-fields-freq', …]
 * ```
 */
export const commandsFaults: readonly PlantedFault[] = [
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
    name: 'gen-manifest-count-as-unique',
    what: "`gen`'s manifest counts duplicates as unique trees",
    claim: '`luau-fuzz gen`: one file per format per tree, named by content hash, `manifest.json`',
    edits: [
      {
        file: 'src/cli/gen.ts',
        search: '    unique: all.length,',
        replace: '    unique: flags.count,',
      },
    ],
    tests: ['test/arbitrary/cli.test.ts'],
    only: 'genCommand',
  },
  {
    name: 'check-json-without-runtime',
    what: '`check --json` leaves out the runtime it checked against',
    claim: '`luau-fuzz check`: outcomes and coverage, `--json`',
    edits: [
      {
        file: 'src/cli/check.ts',
        search:
          "      ? JSON.stringify({ ...report, runtime: flags.runtime.spec, ...measures }, null, 2) + '\\n'",
        replace: "      ? JSON.stringify({ ...report, ...measures }, null, 2) + '\\n'",
      },
    ],
    tests: ['test/arbitrary/cli.test.ts'],
    only: 'checkCommand',
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
    name: 'convert-exit-status',
    what: '`convert` exits 0 when only one of its files failed',
    claim: '`luau-fuzz convert FILE... --to FORMAT`',
    edits: [
      {
        file: 'src/cli/each-file.ts',
        search: '  if (failed > 0) process.exitCode = 1;',
        replace: '  if (failed > 1) process.exitCode = 1;',
      },
    ],
    tests: ['test/cli/convert.test.ts'],
  },
  {
    name: 'shrink-command-unregistered',
    what: 'the `shrink` command is not registered',
    claim: 'the command table lists every command, and every command answers `--help`',
    edits: [{ file: 'src/cli/main.ts', search: '    .addCommand(shrinkCommand())\n', replace: '' }],
    tests: ['test/cli/main.test.ts'],
  },
  {
    name: 'print-exit-status',
    what: '`print` exits 0 when only one of its files failed',
    claim: 'bad files and arguments are named; … the exit code says whether any failed',
    edits: [
      {
        file: 'src/cli/each-file.ts',
        search: '  if (failed > 0) process.exitCode = 1;',
        replace: '  if (failed > 1) process.exitCode = 1;',
      },
    ],
    tests: ['test/print/cli.test.ts'],
    only: 'reports each bad file',
  },
  {
    name: 'coverage-default-profile',
    what: "`coverage` defaults to luau-web's profile, unlike what its help and the README say",
    claim: '`gen`, `check`, `coverage` and `run` share the generator flags; their defaults …',
    edits: [
      {
        file: 'src/cli/generator-options.ts',
        search: "    profile: 'luau',\n    why:\n      'a coverage build",
        replace: "    profile: 'luau-web',\n    why:\n      'a coverage build",
      },
    ],
    tests: ['test/cli/main.test.ts'],
    only: 'generatorDefaults',
  },
  {
    name: 'llvm-names-both-missing',
    what: '`coverage` names both LLVM tools as missing when only one is',
    claim: '`coverage` refuses … and says which LLVM tools are missing and how to get them',
    edits: [
      {
        file: 'src/coverage/llvm-tools.ts',
        search: "    cov === undefined ? 'llvm-cov' : '',\n",
        replace: "    'llvm-cov',\n",
      },
    ],
    tests: ['test/coverage/llvm-tools.test.ts'],
  },
  {
    name: 'out-file-not-refused',
    what: '`--out` naming a file is not checked, so the error is the bare ENOTDIR',
    claim: '`gen --out -` …; `--out` naming a file is an error naming `--out`',
    edits: [
      {
        file: 'src/cli/directory-flags.ts',
        search: '  if (!stats.isDirectory()) throw new Error(`${flag} ${dir}: not a directory`);\n',
        replace: '',
      },
    ],
    tests: ['test/cli/gen.test.ts', 'test/cli/directory-flags.test.ts'],
    only: 'file',
  },
  {
    name: 'read-only-creates-dir',
    what: '`workspace list --data DIR` creates a missing DIR before it finds no workspace there',
    claim: 'no command creates a directory or a database for a request that only reads',
    edits: [
      {
        file: 'src/cli/workspace-admin.ts',
        search: '  existingDirectory(flag, dir);\n',
        replace: '  outputDirectory(flag, dir);\n',
      },
    ],
    tests: ['test/cli/gen.test.ts'],
    only: 'workspace list',
  },
  {
    name: 'base-url-requested-port',
    what: '`serve --port 0` prints the port it asked for, not the one it listens on',
    claim: '`luau-fuzz serve`: key file, base URL, 127.0.0.1',
    edits: [
      {
        file: 'src/workspace/server/server.ts',
        search:
          "  const port = typeof address === 'object' && address !== null ? address.port : port0;",
        replace: '  const port = port0 ?? 0;',
      },
    ],
    tests: ['test/workspace/serve-process.test.ts'],
    only: 'bootstraps a key file',
  },
  {
    name: 'collaborator-replaces-users',
    what: '`workspace add-collaborator` replaces the users of the project, owner included',
    claim: '`luau-fuzz workspace …`',
    edits: [
      {
        file: 'src/workspace/server/store.ts',
        search: '{ users: { ...project.users, [accountId]: entry } }',
        replace: '{ users: { [accountId]: entry } }',
      },
    ],
    tests: ['test/workspace/serve-process.test.ts'],
    only: 'creates accounts and projects',
  },
  {
    name: 'readme-runtime-export',
    what: "the package's `./runtime` export points at the campaign's entry",
    claim: "the README's examples work: its TypeScript blocks type-check and run …",
    edits: [
      {
        file: 'package.json',
        search:
          '"types": "./dist/src/runtime/index.d.ts",\n        "default": "./dist/src/runtime/index.js"',
        replace:
          '"types": "./dist/src/campaign/index.d.ts",\n        "default": "./dist/src/campaign/index.js"',
      },
    ],
    tests: ['test/readme.test.ts'],
    only: 'TypeScript',
  },
  {
    name: 'tarball-without-runner',
    what: "the package's `files` leave out `runner/`, so an installed package has no runner to run programs with",
    claim: "a fresh clone: `npm ci` and the README's `npm install` print no warning …",
    edits: [
      { file: 'package.json', search: '    "proto",\n    "runner",\n', replace: '    "proto",\n' },
    ],
    tests: ['scripts/first-contact.ts'],
    script: true,
  },
  {
    name: 'server-install-stale-range',
    what: "the install line for the server's packages names an older fastify range than package.json",
    claim: "a command that needs the server's packages prints the line that installs them …",
    edits: [
      { file: 'src/cli/load-server.ts', search: 'fastify@^5.12.8', replace: 'fastify@^5.0.0' },
    ],
    tests: ['test/readme.test.ts'],
    only: "server's packages",
  },
  {
    name: 'coverage-only-swapped',
    what: '`coverage` swaps what only the generated and only the compared programs cover',
    claim: '`luau-fuzz coverage` prints line and branch coverage per component …',
    edits: [
      {
        file: 'src/coverage/engine-coverage.ts',
        search: '    onlyGenerated: u - c,\n    onlyCompared: u - g,',
        replace: '    onlyGenerated: u - g,\n    onlyCompared: u - c,',
      },
    ],
    tests: ['test/cli/coverage.test.ts'],
    only: 'as JSON',
  },
  {
    name: 'crashed-batch-all-crash',
    what: 'a crash in a batch of the coverage build counts every program of the batch as crashed',
    claim:
      'a program that crashes the coverage build is counted as a crash, and the others of its batch still count',
    edits: [
      {
        file: 'src/runtime/tool-batch.ts',
        search:
          '      const mid = from + Math.ceil((to - from) / 2);\n      await runRange(from, mid);\n      await runRange(mid, to);',
        replace:
          "      for (let i = from; i < to; i++) statuses[i] = r.timedOut ? 'timeout' : 'crash';",
      },
    ],
    tests: ['test/coverage/engine-coverage.test.ts'],
    only: 'crashing',
  },
];
