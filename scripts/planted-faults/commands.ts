import type { PlantedFault } from './planted-fault.js';

/**
 * Faults in the promises of the command line: the claims of `test/README.md`'s "Commands" table.
 *
 * @example
 * ```ts
 * commandsFaults.map((f) => f.name); // ['run-out-without-seconds', …]
 * ```
 */
export const commandsFaults: readonly PlantedFault[] = [
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
        search: '        unique: all.length,',
        replace: '        unique: flags.count,',
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
          "          ? JSON.stringify({ ...report, runtime: flags.runtime.spec, ...measures }, null, 2) + '\\n'",
        replace: "          ? JSON.stringify({ ...report, ...measures }, null, 2) + '\\n'",
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
        file: 'src/cli/convert.ts',
        search: '      if (failed > 0) process.exitCode = 1;',
        replace: '      if (failed > 1) process.exitCode = 1;',
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
        file: 'src/cli/print.ts',
        search: '      if (failed > 0) process.exitCode = 1;',
        replace: '      if (failed > 1) process.exitCode = 1;',
      },
    ],
    tests: ['test/print/cli.test.ts'],
    only: 'reports each bad file',
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
];
