import type { PlantedFault } from './planted-fault.js';

/**
 * Faults in development: the claims of `test/README.md`'s "Development" table.
 *
 * @example
 * ```ts
 * developmentFaults.map((f) => f.name); // ['gen-hand-edited', …]
 * ```
 */
export const developmentFaults: readonly PlantedFault[] = [
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
    name: 'required-skips-under-ci',
    what: 'under CI a missing capability skips its tests instead of failing them',
    claim: 'CI runs the C++ text-format test, the sandbox, browser and real-Luau tests',
    edits: [
      {
        file: 'test/helpers/required.ts',
        search: '  if (!present && ci)\n',
        replace: '  if (!present && ci && what === "")\n',
      },
    ],
    tests: ['test/helpers/required.test.ts'],
  },
];
