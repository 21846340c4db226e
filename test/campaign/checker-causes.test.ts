import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Expr, ModuleSet } from '../../gen/luau_pb.js';
import { GENERATOR_VERSION } from '../../src/arbitrary/index.js';
import { build } from '../../src/arbitrary/build.js';
import {
  checkerBugs,
  falsePositiveCauses,
  otherCauses,
  readFindings,
  saveFinding,
  shrinkCauses,
  sourcesOf,
  typeCheck,
} from '../../src/campaign/index.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

const print = (e: Expr) => build.callStat(build.call(build.global('print'), [e]));
const [l1, l3, l4, l5, l6, l7] = [1, 3, 4, 5, 6, 7].map((k) => build.localVar(k));

/**
 * Two causes the new solver of 0.715 reports and its old solver does not (bugs of the
 * checker's list in docs/campaigns.md): a parameter inferred from a method call rejects a
 * string (line 4), and `pcall(error, 1, 0)` (line 9); one message, two constructs. Clean
 * lines around them, for the shrinker to take away.
 */
function twoCauses(pcalls: 1 | 2): ModuleSet {
  const pcall = (v: typeof l5) =>
    build.localStat(
      [v!],
      [
        build.call(build.global('pcall'), [
          build.global('error'),
          build.number(1),
          build.number(0),
        ]),
      ],
    );
  return build.moduleSet(
    build.block([
      build.localFunction(
        l3!,
        build.func(
          [l4!],
          [build.ret([build.call(build.indexName(build.local(4), build.name('upper')), [], true)])],
        ),
      ),
      print(build.call(build.local(3), [build.string('a')])),
      build.localStat([l1!], [build.number(1)], [build.primitiveType('number')]),
      print(build.local(1)),
      build.localStat([l6!], [build.string('x')], [build.primitiveType('string')]),
      print(build.local(6)),
      ...(pcalls === 2 ? [pcall(l7), print(build.local(7))] : []),
      pcall(l5),
      print(build.local(5)),
    ]),
  );
}

describe.skipIf(!haveLuauTools)('a false positive with two causes', needsShared, () => {
  const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-causes-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const spec = () => `${tools().luauAnalyze}:new`;

  /** Saves a tree's false positive as a campaign would (not shrunk), in its own campaign. */
  async function saved(name: string, tree: ModuleSet) {
    const { program } = sourcesOf(tree);
    const [check] = await typeCheck(spec(), [{ program }], { timeoutMs: 10_000 });
    expect(check!.kind).toBe('checker-false-positive');
    const dir = join(root, name);
    const { record } = saveFinding(join(dir, 'findings'), {
      kind: 'checker-false-positive',
      signature: `checker-false-positive · luau-analyze:new · ${check!.detail}`,
      seed: 1,
      level: 'typed',
      profile: 'luau',
      maxNodes: null,
      checker: 'new',
      generatorVersion: GENERATOR_VERSION,
      runtimes: ['luau-cli'],
      analyze: spec(),
      original: { index: 0, outcomes: [], nodes: 0, tree, check: check! },
    });
    return { dir, findingDir: join(dir, 'findings', record.hash), program, check: check! };
  }

  it('counts each cause as a bug, each on a program reduced to it', async () => {
    const f = await saved('two', twoCauses(1));
    const causes = falsePositiveCauses(f.program, f.check.output);
    expect(causes).toEqual([
      "TypeError: Expected this to be '…', but got '…' · argument of local",
      "TypeError: Expected this to be '…', but got '…' · argument of pcall",
    ]);
    // Before: one finding, one bug, the second cause hidden behind the first.
    expect(checkerBugs(f.dir, readFindings(join(f.dir, 'findings')))).toHaveLength(1);
    expect(otherCauses(f.findingDir, readFindings(join(f.dir, 'findings'))[0]!)).toEqual([
      causes[1],
    ]);

    const record = await shrinkCauses(f.findingDir, {
      timeoutMs: 10_000,
      maxAttempts: 200,
      maxTimeMs: 60_000,
    });
    expect(record.causes?.map((c) => c.error)).toEqual([causes[1]]);
    const reduced = readFileSync(join(f.findingDir, 'cause-1.luau'), 'utf8');
    // The other cause is gone from it, and what it keeps still shows on the real checker.
    expect(reduced).toContain('pcall(error');
    expect(reduced).not.toContain('upper');
    const [again] = await typeCheck(spec(), [{ program: reduced }], { timeoutMs: 10_000 });
    expect(falsePositiveCauses(reduced, again!.output)).toEqual([causes[1]]);

    const bugs = checkerBugs(f.dir, readFindings(join(f.dir, 'findings')));
    expect(bugs.map((b) => b.cause).sort()).toEqual(
      causes.map((c) => `checker-false-positive · new · ${c}`).sort(),
    );
    expect(bugs.find((b) => b.error === causes[1])!.program).toBe(reduced);
    // Nothing left to shrink: a second pass adds nothing.
    expect(
      (await shrinkCauses(f.findingDir, { timeoutMs: 10_000, maxAttempts: 10, maxTimeMs: 5_000 }))
        .causes,
    ).toHaveLength(1);
  }, 180_000);

  it('counts one cause at two lines once', async () => {
    const f = await saved('twice', twoCauses(2));
    const [, second] = falsePositiveCauses(f.program, f.check.output);
    expect(falsePositiveCauses(f.program, f.check.output)).toHaveLength(2);
    const record = await shrinkCauses(f.findingDir, {
      timeoutMs: 10_000,
      maxAttempts: 100,
      maxTimeMs: 30_000,
    });
    // The two pcalls are one cause: one further program, one bug for them.
    expect(record.causes?.map((c) => c.error)).toEqual([second]);
    expect(existsSync(join(f.findingDir, 'cause-2.binpb'))).toBe(false);
    expect(checkerBugs(f.dir, readFindings(join(f.dir, 'findings')))).toHaveLength(2);
  }, 180_000);
});
