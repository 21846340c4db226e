import type { PlantedFault } from './planted-fault.js';

/**
 * Faults in coverage reading and the coverage-guided campaign: the claims of `test/README.md`'s
 * "Coverage and guided campaigns" table.
 *
 * @example
 * ```ts
 * guidedFaults.map((f) => f.name); // ['profile-reach-skips-first', …]
 * ```
 */
export const guidedFaults: readonly PlantedFault[] = [
  {
    name: 'profile-reach-skips-first',
    what: '`profileReach` never reports counter 0, reached or not',
    claim: 'a raw profile is read counter for counter: every counter a run reached is reported',
    edits: [
      {
        file: 'src/coverage/raw-profile.ts',
        search: '  for (let i = 0; i < n; i++) if (counters[i] !== 0) out[k++] = i;',
        replace: '  for (let i = 1; i < n; i++) if (counters[i] !== 0) out[k++] = i;',
      },
    ],
    tests: ['test/coverage/raw-profile.test.ts'],
  },
  {
    name: 'guided-resume-forgets-yields',
    what: 'a guided campaign saves where it stands without what its steps learnt (yields, operators, origins)',
    claim: 'a guided campaign stopped and run again on its folder goes on as one run',
    edits: [
      {
        file: 'src/campaign/guided/guided-loop.ts',
        search: '    writeGuidedState(this.#o.dir, this.#state);',
        replace:
          '    writeGuidedState(this.#o.dir, { ...this.#state, yields: undefined, operators: undefined, origins: undefined });',
      },
    ],
    tests: ['test/campaign/guided/guided-run.test.ts'],
    only: 'resumes where it stopped',
  },
  {
    name: 'guided-yields-not-passed',
    what: 'a guided step draws its share of mutants without the yields of the steps before',
    claim: '`--mutation-share auto` follows what fresh programs and mutants found lately',
    edits: [
      {
        file: 'src/campaign/guided/guided-step.ts',
        search: '    const share = mutationShareOf(this.#o.mutationShare, state.yields);',
        replace: '    const share = mutationShareOf(this.#o.mutationShare, undefined);',
      },
    ],
    tests: ['test/campaign/guided/guided-run.test.ts'],
    only: 'yields the step before',
  },
  {
    name: 'tree-mutants-unscoped',
    what: 'a tree mutant of the scoped level keeps its names as they are, scopes not resolved again',
    claim: 'tree mutants are programs of their level: scoped ones read locals only in scope',
    edits: [
      {
        file: 'src/arbitrary/program-record.ts',
        search:
          '      : { revalidate: (tree: ModuleSet) => new ScopedResolver(resolved).moduleSet(tree) }),',
        replace:
          "      : { revalidate: (tree: ModuleSet) => (resolved.level === 'scoped' ? tree : new ScopedResolver(resolved).moduleSet(tree)) }),",
      },
    ],
    tests: ['test/arbitrary/tree-mutation.test.ts'],
  },
  {
    name: 'coverage-union-counts-twice',
    what: 'the union of two sets counts the lines both cover twice',
    claim: '`luau-fuzz coverage` prints … union and what each set alone covers',
    edits: [
      {
        file: 'src/coverage/engine-coverage.ts',
        search: '  const u = union[kind].covered;',
        replace: '  const u = Math.min(union[kind].count, g + c);',
      },
    ],
    tests: ['test/coverage/engine-coverage.test.ts'],
    only: 'string.format',
  },
  {
    name: 'program-cost-without-module',
    what: "a program costs its own characters, not its module's",
    claim: 'programs priced by `programCost`',
    edits: [
      {
        file: 'src/campaign/guided/program-cost.ts',
        search: '  return processCost + p.program.length + (p.module?.length ?? 0);',
        replace: '  return processCost + p.program.length;',
      },
    ],
    tests: ['test/campaign/guided/program-cost.test.ts'],
  },
  {
    name: 'seeds-first-entry-lost',
    what: 'the first entry of a seed corpus is never tried',
    claim: '`seeds`: entries of other corpora and folders of `.txtpb` trees first',
    edits: [
      {
        file: 'src/campaign/guided/guided-step.ts',
        search: '      this.#o.corpus.save(this.#o.runner.map, await this.#keep(programs));',
        replace:
          '      this.#o.corpus.save(this.#o.runner.map, await this.#keep(programs.slice(1)));',
      },
    ],
    tests: ['test/campaign/guided/guided-run.test.ts'],
    only: 'resumes where it stopped|another corpus',
  },
  {
    name: 'compare-course-cut',
    what: "`report --compare` draws another campaign's curve without its first point",
    claim: "`report --compare` draws other guided campaigns' counters beside the campaign's own",
    edits: [
      {
        file: 'src/campaign/report-compare.ts',
        search: '  return { label: courseLabel(dir, g), timeline: g.timeline };',
        replace: '  return { label: courseLabel(dir, g), timeline: g.timeline.slice(1) };',
      },
    ],
    tests: ['test/campaign/report-compare.test.ts'],
  },
  {
    name: 'corpus-coverage-any-mode',
    what: "a guided campaign measures its corpus in the first mode of luau, whatever its runtime's options",
    claim:
      "at its end a guided campaign measures the engine coverage of its corpus in the coverage runtime's mode",
    edits: [
      {
        file: 'src/campaign/guided/corpus-coverage.ts',
        search: "    return mode.tool === 'luau' && mode.args.join(' ') === args.join(' ');",
        replace: "    return mode.tool === 'luau' && args.length > 0;",
      },
    ],
    tests: ['test/campaign/guided/corpus-coverage.test.ts'],
  },
];
