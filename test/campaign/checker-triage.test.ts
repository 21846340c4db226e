import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkerCause,
  detailCause,
  triageCheckerBugs,
  typeCheck,
} from '../../src/campaign/index.js';
import type { CheckerBug } from '../../src/campaign/index.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';
import { needsShared, sharedDir } from '../helpers/shared.js';

const analyze735 = join(sharedDir, 'tools', 'luau-735', 'luau-analyze');
const have735 = existsSync(analyze735);

/** A bug of one program: what the checker says of it in one mode, as a campaign would save it. */
async function bugOf(spec: string, program: string): Promise<CheckerBug> {
  const [check] = await typeCheck(spec, [{ program }], { timeoutMs: 10_000 });
  expect(check!.kind).toBeDefined();
  return {
    cause: checkerCause(program, check!),
    kind: check!.kind!,
    error:
      (check!.kind === 'checker-false-positive' ? detailCause(program, check!) : undefined) ??
      check!.detail,
    check: check!,
    findings: ['0000000000000000'],
    programs: 1,
    program,
    reduced: true,
  };
}

describe.skipIf(!haveLuauTools || !have735)('triageCheckerBugs', needsShared, () => {
  it('classifies reduced findings against 0.715 and 0.735, old and new solver', async () => {
    const newSolver = `${tools().luauAnalyze}:new`;
    const bugs = await Promise.all([
      // The new solver of 0.715 cannot infer pcall's arguments from error's generic type.
      bugOf(newSolver, 'local ok, e = pcall(error, 2 // 0, 0)\nprint(ok, e)'),
      bugOf(newSolver, 'local l1: {n0: number} = {n0 = 0}\nrawset(l1, "n0", 1)\nprint(l1.n0)'),
      bugOf(
        newSolver,
        [
          'local l4: any = nil',
          'local l9: number = l4',
          'type t0 = "planted setmetatable-target"',
          'if l4 then',
          '    setmetatable(l9, {})',
          'end',
        ].join('\n'),
      ),
      // Not clean for any checker: the generator's fault.
      bugOf(`${tools().luauAnalyze}:old`, 'local l1: number = "a"\nprint(l1)'),
    ]);
    const triaged = await triageCheckerBugs(
      bugs,
      [
        { name: '0.715', path: tools().luauAnalyze },
        { name: '0.735', path: analyze735 },
      ],
      { timeoutMs: 10_000 },
    );
    expect(triaged.map((t) => t.verdict)).toEqual([
      { verdict: 'checker-bug', newest: 'fixed' },
      expect.objectContaining({ verdict: 'intended', name: 'raw-access-needs-indexer' }),
      { verdict: 'checker-bug', newest: 'still-there' },
      { verdict: 'generator-bug' },
    ]);
    expect(triaged[0]!.reproduces).toMatchObject({
      '0.715:old': false,
      '0.715:new': true,
      '0.735:new': false,
    });
    expect(triaged[2]!.reproduces).toMatchObject({ '0.715:old': false, '0.735:new': true });
  }, 120_000);
});
