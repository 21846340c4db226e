import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../../../gen/luau_pb.js';
import { luauArbitraries } from '../../../../src/arbitrary/index.js';
import { printPretty } from '../../../../src/print/index.js';
import { casesPerTree } from '../../../helpers/arbitrary-checks.js';
import { samplePrograms } from '../../../helpers/batch-programs.js';
import { haveLuauTools } from '../../../helpers/luau-tools.js';
import { notAlike } from '../../../helpers/runnable-alike.js';
import { needsShared } from '../../../helpers/shared.js';

describe('integerModel', () => {
  it('computes with the integer library in profile luau only, with literals only negated in place (-5i)', () => {
    const luau = fc.sample(luauArbitraries({ level: 'runnable', profile: 'luau' }).moduleSet, {
      seed: 31,
      numRuns: 500,
    });
    const sources = luau.map((t) => printPretty(t).join('\n'));
    expect(sources.filter((s) => s.includes('integer.')).length).toBeGreaterThan(50);
    expect(casesPerTree(ModuleSetSchema, luau)['Expr.expr_oneof=integer']).toBeGreaterThan(10);
    // 0.715 at -O0 compiles no load for `5i`; `-5i` it compiles as one constant.
    expect(sources.filter((s) => /(?<![\w.]|-\s*)\d[\d_]*i\b/.test(s))).toEqual([]);
    const web = fc.sample(luauArbitraries({ level: 'runnable', profile: 'luau-web' }).moduleSet, {
      seed: 31,
      numRuns: 300,
    });
    expect(web.filter((t) => printPretty(t).join('\n').includes('integer.'))).toEqual([]);
  });

  it.skipIf(!haveLuauTools)(
    'gives integer programs that run clean alike at -O0, -O2 and --codegen',
    { ...needsShared, timeout: 120_000 },
    async () => {
      const programs = samplePrograms({ level: 'runnable', profile: 'luau' }, 32, 400)
        .filter((p) => p.program.includes('integer.'))
        .slice(0, 80);
      expect(programs.length).toBeGreaterThan(40);
      expect(await notAlike(programs)).toEqual([]);
    },
  );
});
