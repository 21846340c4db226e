import type { PlantedFault } from './planted-fault.js';

/**
 * Faults in the validity levels and profiles: the claims of `test/README.md`'s "Validity levels and profiles" table.
 *
 * @example
 * ```ts
 * levelsFaults.map((f) => f.name); // ['oneofs-always-set', …]
 * ```
 */
export const levelsFaults: readonly PlantedFault[] = [
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
    name: 'typed-string-array-as-number',
    what: 'string arrays are annotated as number arrays',
    claim: '`typed`: runnable, with annotations that pass `luau-analyze --mode=strict`',
    edits: [
      {
        file: 'src/arbitrary/runnable/values/types.ts',
        search: "    case 'sarr':\n      return arrayOf(primitive('string'));",
        replace: "    case 'sarr':\n      return arrayOf(primitive('number'));",
      },
    ],
    tests: ['test/arbitrary/typed-analyze.test.ts'],
    only: 'seed 1\\b',
  },
  {
    name: 'planted-convert-fits',
    what: 'the planted conversion converts a value to its own type: no error where one is marked',
    claim: '`typed`: a share of programs carry one planted type error',
    edits: [
      {
        file: 'src/arbitrary/runnable/planted/planted-kinds.ts',
        search: 'return m && [bind(p, operand(p, m[0]), m[1])];',
        replace: 'return m && [bind(p, operand(p, m[0]), m[0])];',
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
    name: 'luau-web-integer-literals',
    what: 'the luau-web profile allows integer literals',
    claim: '`luau-web` has no integer literals',
    edits: [
      {
        file: 'src/arbitrary/options.ts',
        search: "  'luau-web': { ...fullLanguage, integerLiterals: false },",
        replace: "  'luau-web': { ...fullLanguage, integerLiterals: true },",
      },
    ],
    tests: ['test/arbitrary/syntax-level.test.ts'],
    only: 'integer literals',
  },
  {
    name: 'elseif-as-else-if',
    what: 'the printers write `elseif` as `else if`, one `end` short',
    claim: '`syntax`: the output parses',
    edits: [
      {
        file: 'src/print/stat-cases.ts',
        search: "    elseifWord: 'elseif ',",
        replace: "    elseifWord: 'else if ',",
      },
    ],
    tests: ['test/arbitrary/syntax-level.test.ts'],
    only: '1,000 programs',
  },
  {
    name: 'scope-top-block-keeps-locals',
    what: 'a block that starts with no local in scope keeps its locals visible after it ends',
    claim: '`scoped`: it compiles; locals only in scope; only globals of the runtime',
    edits: [
      {
        file: 'src/arbitrary/scope.ts',
        search: '    this.visible.length = mark;',
        replace: '    if (mark > 0) this.visible.length = mark;',
      },
    ],
    tests: ['test/arbitrary/scoped-level.test.ts'],
    only: 'in scope',
  },
  {
    name: 'fuel-guard-lt',
    what: 'a loop leaves when its fuel is below 0, one iteration after it ran out',
    claim:
      '`runnable`: terminates without error, same output every run, bounded loops through the fuel table …',
    edits: [
      {
        file: 'src/arbitrary/runnable/statements/fuel.ts',
        search: 'build.binary(ExprBinary_Op.CompareLe, x, build.number(0));',
        replace: 'build.binary(ExprBinary_Op.CompareLt, x, build.number(0));',
      },
    ],
    tests: ['test/arbitrary/runnable-level.test.ts'],
    only: 'take fuel',
  },
  {
    name: 'cut-string-not-cut',
    what: 'runnable strings are not cut (`cutString` gives its operand back)',
    claim: '`runnable`: values bounded in size (strings kept cut to `MAX_STRING`) …',
    edits: [
      {
        file: 'src/arbitrary/runnable/values/cut-string.ts',
        search: "  return g.lib('string', 'sub', [e, build.number(1), build.number(MAX_STRING)]);",
        replace: '  return e;',
      },
    ],
    tests: ['test/arbitrary/runnable/values/cut-string.test.ts'],
  },
  {
    name: 'fan-out-budget-unquartered',
    what: 'narrow call fan-outs get the call-site budget of wide ones',
    claim: '`runnable`: the rare call fan-out (its shape, rarity, `JUMPX` at `-O2` …)',
    edits: [
      {
        file: 'src/arbitrary/runnable/statements/fan-out-shape.ts',
        search: '  const budget = shape.wide ? MAX_CALL_SITE_WEIGHT : MAX_CALL_SITE_WEIGHT / 4;',
        replace: '  const budget = MAX_CALL_SITE_WEIGHT;',
      },
    ],
    tests: ['test/arbitrary/runnable/statements/fan-out.test.ts'],
    only: 'narrows',
  },
  {
    name: 'planted-share-halved',
    what: 'typed programs plant an error at half the share set (20 % for 40 %)',
    claim:
      '`typed`: a share of programs carry one planted type error (`--planted-errors`, 40 % by default)',
    edits: [
      {
        file: 'src/arbitrary/runnable/program.ts',
        search: "  if (g.typed && role === 'program' && share > 0 && c.chance(share)) {",
        replace: "  if (g.typed && role === 'program' && share > 0 && c.chance(share / 2)) {",
      },
    ],
    tests: ['test/arbitrary/typed-analyze.test.ts'],
    only: 'typed programs \\(seed 1\\)',
  },
  {
    name: 'for-minus-zero-unconfirmed',
    what: 'the for-minus-zero divergence excuses a -0 printed as 0 without running the program again',
    claim:
      "Luau's own divergences are listed once, and a program is excused only by a listed divergence",
    edits: [
      {
        file: 'test/helpers/known-divergences.ts',
        search: '    neutralise: plusZeroForStarts,\n',
        replace: '',
      },
    ],
    tests: ['test/arbitrary/runnable-engines.test.ts'],
    only: 'for-minus-zero only',
  },
  {
    name: 'span-fresh-unused',
    what: 'a span-fresh mutation draws fresh choices and keeps the old ones: the parent again',
    claim: 'mutants of a record are other programs of the same level',
    edits: [
      {
        file: 'src/arbitrary/span-mutation.ts',
        search: '      return replaced(choices, span, run);',
        replace:
          '      return replaced(choices, span, choices.slice(span.start, span.start + run.length));',
      },
    ],
    tests: ['test/arbitrary/span-mutation.test.ts'],
  },
];
