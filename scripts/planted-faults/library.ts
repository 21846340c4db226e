import type { PlantedFault } from './planted-fault.js';

/**
 * Faults in the tree codecs, the printers and the arbitraries: the claims of `test/README.md`'s "Library" table.
 *
 * @example
 * ```ts
 * libraryFaults.map((f) => f.name); // ['codec-depth-unbounded', …]
 * ```
 */
export const libraryFaults: readonly PlantedFault[] = [
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
    name: 'compat-assign-spacing',
    what: 'the printers write `=` without spaces in assignments',
    claim: '`printCompat` is byte-identical to the reference printer on all 400 vectors',
    edits: [
      {
        file: 'src/print/stat-cases.ts',
        search: "  w.write(' = ');\n  if (values.length === 0) w.write('nil');",
        replace: "  w.write('=');\n  if (values.length === 0) w.write('nil');",
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
        file: 'src/print/stat-cases.ts',
        search: "      w.write(ctx.inLoop() ? 'break' : 'do end');",
        replace: "      w.write('break');",
      },
    ],
    tests: ['test/print/pretty.test.ts'],
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
    name: 'tree-file-overwrites',
    what: '`writeTreeFile` replaces an existing file even with `overwrite: false`',
    claim:
      '`decodeTree`/`encodeTree`/`readTreeFile`/`writeTreeFile` in binary, JSON and text format',
    edits: [
      {
        file: 'src/tree/files.ts',
        search: "{ flag: options.overwrite === false ? 'wx' : 'w' }",
        replace: "{ flag: 'w' }",
      },
    ],
    tests: ['test/cli/convert.test.ts'],
    only: 'keeps an existing',
  },
  {
    name: 'program-without-module',
    what: '`luauProgram` leaves out the module of a tree that has one',
    claim: '`luauProgram`: printed source with its tree',
    edits: [
      {
        file: 'src/arbitrary/luau-program.ts',
        search: '        sources.length === 2\n',
        replace: '        sources.length > 2\n',
      },
    ],
    tests: ['test/arbitrary/luau-program.test.ts'],
    only: 'modules',
  },
  {
    name: 'no-types-keeps-generics',
    what: '`types: false` leaves generics on',
    claim: 'options: `features` switched off never occur; `types: false`; …',
    edits: [
      { file: 'src/arbitrary/options.ts', search: '    features.generics = false;\n', replace: '' },
    ],
    tests: ['test/arbitrary/options.test.ts', 'test/arbitrary/options-output.test.ts'],
    only: 'types',
  },
  {
    name: 'text-numbers-quoted',
    what: 'text format writes integer values quoted, as JSON writes 64-bit ones',
    claim: 'text output is what the C++ `TextFormat` parser reads',
    edits: [
      {
        file: 'src/tree/codec.ts',
        search: '        return encoder.encode(toText(schema, message));',
        replace:
          '        return encoder.encode(toText(schema, message).replace(/^(\\s*val: )(-?\\d+)$/gm, \'$1"$2"\'));',
      },
    ],
    tests: ['test/tree/cpp-text-format.test.ts'],
  },
  {
    name: 'proto-field-renumbered',
    what: 'a field renumbered in `proto/luau.proto` without regenerating `gen/`',
    claim: 'the wire format agrees with other protobuf implementations',
    edits: [
      {
        file: 'proto/luau.proto',
        search: 'message ExprConstantString {\n  required string val = 1;',
        replace: 'message ExprConstantString {\n  required string val = 2;',
      },
    ],
    tests: ['test/tree/protobufjs.test.ts'],
  },
  {
    name: 'random-small-int32',
    what: 'small int32 values drawn with Math.random, outside the seed',
    claim: 'same seed, same trees',
    edits: [
      {
        file: 'src/arbitrary/scalars.ts',
        search: '    { arbitrary: fc.integer({ min: -16, max: 16 }), weight: 6 },',
        replace:
          '    { arbitrary: fc.constant(0).map(() => Math.floor(Math.random() * 33) - 16), weight: 6 },',
      },
    ],
    tests: ['test/arbitrary/schema-level.test.ts'],
    only: 'same seed',
  },
  {
    name: 'arbitraries-keyed-by-name',
    what: 'schema-level arbitraries are keyed by the message name (`ModuleSet`), not lowerCamel',
    claim: '`luauArbitraries`: an arbitrary for every message; shrinking works',
    edits: [
      {
        file: 'src/arbitrary/schema-level.ts',
        search: '    if (arb !== undefined) result[messageKey(desc.name)] = arb;',
        replace: '    if (arb !== undefined) result[desc.name] = arb;',
      },
    ],
    tests: ['test/arbitrary/schema-level.test.ts'],
    only: 'one arbitrary per message',
  },
];
