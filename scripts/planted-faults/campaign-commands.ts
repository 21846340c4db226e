import type { PlantedFault } from './planted-fault.js';

/**
 * Faults in `luau-fuzz run` and `shrink`: the campaign, its store, summary, report and findings: claims of `test/README.md`'s "Commands" table.
 *
 * @example
 * ```ts
 * campaignCommandsFaults.map((f) => f.name); // ['run-out-without-seconds', …]
 * ```
 */
export const campaignCommandsFaults: readonly PlantedFault[] = [
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
    name: 'title-first-project-only',
    what: '`--project-title` takes only the first project of that title',
    claim: 'with no workspace given, `run` starts the embedded one; … projects by title',
    edits: [
      {
        file: 'src/cli/connect-workspace.ts',
        search: '    for (const p of found) ids.add(p.project_id);',
        replace: '    ids.add(found[0]!.project_id);',
      },
    ],
    tests: ['test/cli/connect-workspace.test.ts'],
    only: 'by title',
  },
  {
    name: 'summary-on-stderr',
    what: '`run` writes its summary table to standard error',
    claim: '`npx luau-fuzz run --count N` runs a real campaign … and prints the summary',
    edits: [
      {
        file: 'src/cli/run.ts',
        search: '  process.stdout.write(formatSummary(summary));',
        replace: '  process.stderr.write(formatSummary(summary));',
      },
    ],
    tests: ['test/e2e/cli.test.ts'],
  },
  {
    name: 'finding-count-per-signature',
    what: 'the summary counts a finding kind once per signature, not per program',
    claim: 'the summary counts the outcomes and findings exactly',
    edits: [
      {
        file: 'src/campaign/tally.ts',
        search:
          '    if (r.finding !== undefined)\n      this.signatures.add(findingSignature(r.finding, this.#runtimes, r.outcomes, r.check));',
        replace:
          '    const seen =\n      r.finding !== undefined &&\n      this.signatures.has(findingSignature(r.finding, this.#runtimes, r.outcomes, r.check));\n    if (r.finding !== undefined)\n      this.signatures.add(findingSignature(r.finding, this.#runtimes, r.outcomes, r.check));',
      },
      {
        file: 'src/campaign/tally.ts',
        search: '    if (r.finding !== undefined)\n      this.findingKinds[r.finding] =',
        replace: '    if (r.finding !== undefined && !seen)\n      this.findingKinds[r.finding] =',
      },
    ],
    tests: ['test/e2e/cli.test.ts'],
  },
  {
    name: 'report-coverage-without-zeros',
    what: "the report's node-kind coverage leaves out the kinds never generated",
    claim: 'it holds `report.html` and the findings',
    edits: [
      {
        file: 'src/campaign/report.ts',
        search:
          '  for (const desc of campaignGrammar(store.options).file.messages) counts[desc.name] ??= 0;\n',
        replace: '',
      },
    ],
    tests: ['test/e2e/campaign.test.ts'],
    only: '300-program',
  },
  {
    name: 'publish-skips-finding-dirs',
    what: '`--publish` uploads the report and summary but not the files of each finding',
    claim: '`--publish` publishes the findings in the project',
    edits: [
      {
        file: 'src/campaign/publish.ts',
        search: '    if (statSync(path).isDirectory()) out.push(...filesUnder(path));',
        replace: '    if (statSync(path).isDirectory()) continue;',
      },
    ],
    tests: ['test/e2e/cli.test.ts'],
  },
  {
    name: 'shrink-saves-original',
    what: '`luau-fuzz shrink` saves the tree it started from as the shrunk program',
    claim: '`luau-fuzz shrink FINDING_DIR` shrinks a saved finding again',
    edits: [
      {
        file: 'src/cli/shrink.ts',
        search: 'updateShrunk(dir, result.tree, result)',
        replace: 'updateShrunk(dir, original ?? result.tree, result)',
      },
    ],
    tests: ['test/e2e/cli.test.ts'],
  },
  {
    name: 'resume-partial-line-joined',
    what: 'a resumed campaign cuts the newline of its last complete line with the partial one',
    claim: '`--resume DIR` continues a stopped campaign without repeating or losing programs',
    edits: [
      {
        file: 'src/campaign/store.ts',
        search: 'truncateSync(resultsPath, log.completeBytes);',
        replace: 'truncateSync(resultsPath, Math.max(0, log.completeBytes - 1));',
      },
    ],
    tests: ['test/campaign/store.test.ts'],
    only: 'partial last line',
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
          '    const recorded = saved.generatorVersion;\n    if (recorded !== GENERATOR_VERSION && resumeOptions.rederive !== true) {',
        replace:
          '    const recorded = saved.generatorVersion;\n    if (recorded !== null && recorded > GENERATOR_VERSION && resumeOptions.rederive !== true) {',
      },
    ],
    tests: ['test/campaign/store.test.ts'],
    only: 'generator version',
  },
  {
    name: 'run-max-depth-dropped',
    what: '`run --max-depth` never reaches the generator',
    claim:
      '`run --max-depth`, `--max-statements`, `--no-types` reach the generator and are recorded',
    edits: [
      {
        file: 'src/arbitrary/generator-settings.ts',
        search: '    ...(maxDepth == null ? {} : { maxDepth }),\n',
        replace: '',
      },
    ],
    tests: ['test/cli/run.test.ts'],
    only: 'max-depth',
  },
  {
    name: 'failed-batch-dropped',
    what: 'a batch whose project failed is dropped instead of queued again',
    claim:
      'a campaign runs in several projects (`--projects N`) and loses no program when one breaks',
    edits: [
      {
        file: 'src/campaign/scheduling.ts',
        search: '          this.#ready.unshift(...requeued(batch, timedOut(e)));\n',
        replace: '',
      },
    ],
    tests: ['test/e2e/campaign.test.ts'],
    only: 're-queues',
  },
  {
    name: 'runtime-shows-top-dir',
    what: 'a runtime under /tmp shows the whole of /tmp in the sandbox, not its directory',
    claim: "runtimes a campaign names are shown read-only in the embedded server's sandbox",
    edits: [
      {
        file: 'src/runtime/host-paths.ts',
        search: ".filter((part) => part !== '').length < 2 ? path : dir;",
        replace: ".filter((part) => part !== '').length < 1 ? path : dir;",
      },
    ],
    tests: ['test/runtime/host-paths.test.ts'],
  },
  {
    name: 'mismatch-line-zero-based',
    what: 'a mismatch names the line where the outputs differ counting from 0',
    claim: 'the report and summary: … a mismatch that says where the outputs differ',
    edits: [
      {
        file: 'src/campaign/output-difference.ts',
        search: '  return `outputs differ at line ${at + 1}: ',
        replace: '  return `outputs differ at line ${at}: ',
      },
    ],
    tests: ['test/campaign/output-difference.test.ts'],
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
          "  writeFileAtomic(join(dir, `${stem}.textproto`), encodeTree(schema, tree as never, 'textproto'));\n",
        replace: '',
      },
    ],
    tests: ['test/campaign/findings.test.ts', 'test/campaign/shrink.test.ts'],
  },
  {
    name: 'profile-ignores-runtimes',
    what: 'a campaign on real Luau takes the luau-web profile unless --profile is given',
    claim: 'unless `--profile` is given, `run` takes the profile its runtimes all take',
    edits: [
      {
        file: 'src/campaign/options.ts',
        search: 'profileOfRuntimes(runOn(given)),',
        replace: "profileOfRuntimes(['luau-web', ...runOn(given)]),",
      },
    ],
    tests: ['test/campaign/options.test.ts'],
  },
  {
    name: 'run-profile-always-given',
    what: "`run` hands the campaign --profile's default as if it were given",
    claim: 'unless `--profile` is given, `run` takes the profile its runtimes all take',
    edits: [
      {
        file: 'src/cli/run-flags.ts',
        search: '    resolved = resolveCampaignOptions(given);',
        replace: "    resolved = resolveCampaignOptions({ profile: 'luau-web', ...given });",
      },
    ],
    tests: ['test/cli/run.test.ts'],
    only: 'follows the runtimes unless given',
  },
  {
    name: 'resume-grammar-unchecked',
    what: '`--resume DIR --grammar G` continues a campaign recorded in another grammar',
    claim:
      '`--resume DIR --grammar G` of a campaign recorded in another is refused before anything starts',
    edits: [
      {
        file: 'src/campaign/store.ts',
        search:
          '    if (resumeOptions.grammar !== undefined && resumeOptions.grammar !== saved.grammar)',
        replace:
          '    if (resumeOptions.grammar === undefined && resumeOptions.grammar !== saved.grammar)',
      },
    ],
    tests: ['test/campaign/older-records.test.ts'],
  },
  {
    name: 'one-data-dir-per-user',
    what: 'a second campaign at once is refused the per-user data directory',
    claim: 'campaigns at once each start a server on a per-user data directory no other one uses',
    edits: [
      {
        file: 'src/cli/connect-workspace.ts',
        search: 'const dataDir = given ?? (k === 0 ? base : `${base}-${k + 1}`);',
        replace: 'const dataDir = given ?? base;',
      },
    ],
    tests: ['test/cli/connect-workspace.test.ts'],
  },
  {
    name: 'reshrink-overwrites',
    what: 'shrinking a finding again replaces a smaller shrunk program',
    claim: '`shrink FINDING_DIR` keeps the smaller of the new and the saved shrunk program',
    edits: [
      {
        file: 'src/campaign/findings.ts',
        search: '  if (!compareShrunk(findingDir, tree).smaller) return existing;\n',
        replace: '',
      },
    ],
    tests: ['test/campaign/findings.test.ts'],
  },
  {
    name: 'runtime-path-unchecked',
    what: 'a runtime path that does not exist is found only once the runtime runs',
    claim: 'a runtime path that does not exist is refused when the arguments are read',
    edits: [
      {
        file: 'src/runtime/host-paths.ts',
        search: "return existsSync(resolve(base ?? '/', path)) ? undefined : path;",
        replace: 'return undefined;',
      },
    ],
    tests: ['test/runtime/host-paths.test.ts', 'test/cli/run.test.ts'],
    only: 'missingExecutable|refuses',
  },
  {
    name: 'corpus-export-own-folder',
    what: '`corpus export` reads only a corpus folder, not what `run --corpus` takes',
    claim: '`corpus export` takes the folders `--corpus` takes',
    edits: [
      {
        file: 'src/campaign/guided/export-corpus.ts',
        search: '  const folder = corpusFolder(dir);\n',
        replace: '  const folder = dir;\n',
      },
    ],
    tests: ['test/cli/corpus.test.ts'],
  },
  {
    name: 'planted-errors-any-level',
    what: '`--planted-errors` below the typed level is taken and does nothing',
    claim: '`--planted-errors` below the typed level is refused',
    edits: [
      {
        file: 'src/arbitrary/options.ts',
        search: "if (options.plantedErrors !== undefined && level !== 'typed') {",
        replace: 'if (options.plantedErrors === -1) {',
      },
    ],
    tests: ['test/arbitrary/options.test.ts', 'test/cli/generator-options.test.ts'],
  },
  {
    name: 'findings-after-count',
    what: 'a batch is counted in results.jsonl before its findings are saved',
    claim: 'a campaign stopped at any moment keeps every finding it counted',
    edits: [
      {
        file: 'src/campaign/store.ts',
        search: `    beforeAppend?.(taken);
    writeJsonLines(join(this.dir, 'results.jsonl'), ProgramRecord, recorded, { append: true });`,
        replace: `    writeJsonLines(join(this.dir, 'results.jsonl'), ProgramRecord, recorded, { append: true });
    beforeAppend?.(taken);`,
      },
    ],
    tests: ['test/campaign/store.test.ts'],
  },
  {
    name: 'report-only-at-end',
    what: 'summary.json and report.html are written only when the campaign ends',
    claim: 'a campaign stopped at any moment keeps every finding it counted',
    edits: [
      {
        file: 'src/campaign/stages/record.ts',
        search: '      if (saveFound(store, taken)) this.#onSaved();',
        replace: '      saveFound(store, taken);',
      },
    ],
    tests: ['test/e2e/stop-anywhere.test.ts'],
  },
  {
    name: 'representative-first-found',
    what: 'a finding not shrunk yet keeps its first program, not the smallest',
    claim: '`--resume` ends with the findings of a run without a stop',
    edits: [
      {
        file: 'src/campaign/findings.ts',
        search:
          '  const replace = existing.shrunk.pending === true && smaller(incoming[0]!, existing.original);',
        replace: '  const replace = false && smaller(incoming[0]!, existing.original);',
      },
    ],
    tests: ['test/campaign/findings.test.ts'],
  },
  {
    name: 'duration-ignored',
    what: 'a campaign runs past its time budget',
    claim: '`run --duration T` ends the campaign at its budget',
    edits: [
      {
        file: 'src/campaign/stages/budget.ts',
        search: '    if (this.runLeft(hasFindings) <= 0) this.#spent.abort();',
        replace: '',
      },
    ],
    tests: ['test/e2e/resume.test.ts'],
    only: 'limits',
  },
  {
    name: 'resume-holes-dropped',
    what: 'a resumed campaign takes up after its highest program, dropping those not done below it',
    claim: '`--resume DIR` continues a stopped campaign without repeating or losing programs',
    edits: [
      {
        file: 'src/campaign/pending-indices.ts',
        search: '    for (let i = 0; i < top; i++) if (!doneSet.has(i)) this.#holes.push(i);\n',
        replace: '',
      },
    ],
    tests: ['test/e2e/resume.test.ts'],
    only: 'several projects',
  },
  {
    name: 'checker-miss-as-clean',
    what: 'a checker that reports no error at the planted one is judged clean, not a miss',
    claim:
      '`run --level typed --analyze`: a checker crash, a missed planted error, a false positive',
    edits: [
      {
        file: 'src/campaign/type-check.ts',
        search:
          "          return { kind: 'checker-missed', detail: `planted ${v.planted!.kind}`, output };",
        replace: "          return { detail: '', output };",
      },
    ],
    tests: ['test/campaign/type-check.test.ts'],
  },
];
