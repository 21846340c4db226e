// @module-tag shared: every test here runs the coverage build in ../shared
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CoverageRunner } from '../../src/coverage/index.js';
import { coverageBuildDir, haveCoverageBuild } from '../helpers/coverage-build.js';

const luau = join(coverageBuildDir, 'luau');
const programs = [
  { program: 'print(1)' },
  { program: 'print(string.format("%q", "a\\nb"))' },
  { program: 'print(2)' },
  { program: 'local t = {} for i = 1, 10 do t[i] = i end print(table.concat(t, ","))' },
];

describe.skipIf(!haveCoverageBuild)('CoverageRunner on luau 0.715 built for coverage', () => {
  it('runs each program alone and tells the counters each reached first', async () => {
    const runner = new CoverageRunner({ luau, args: ['-O2', '--codegen'] });
    try {
      const out = await runner.run(programs);
      expect(out.map((o) => o.result.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
      expect(out.map((o) => o.result.output.toString())).toEqual([
        '1\n',
        '"a\\\nb"\n',
        '2\n',
        '1,2,3,4,5,6,7,8,9,10\n',
      ]);
      const [a, b, c, d] = out.map((o) => o.firstCounters.length);
      expect(a).toBeGreaterThan(1000);
      expect(b).toBeGreaterThan(0);
      expect(c).toBe(0);
      expect(d).toBeGreaterThan(0);
      expect(runner.map.reachedCount).toBe(a! + b! + c! + d!);
      // The same programs again reach nothing new.
      const again = await runner.run(programs);
      expect(again.map((o) => o.firstCounters.length)).toEqual([0, 0, 0, 0]);
      expect(runner.stats.profiles).toBe(8);
    } finally {
      runner.close();
    }
  });

  it('in groups, gives the same first counters as alone, and runs a group alone only when it reached something new', async () => {
    const alone = new CoverageRunner({ luau, args: ['-O2'] });
    const grouped = new CoverageRunner({ luau, args: ['-O2'], groupSize: 4 });
    try {
      const a = await alone.run(programs);
      const g = await grouped.run(programs);
      expect(g.map((o) => o.result.output.toString())).toEqual(
        a.map((o) => o.result.output.toString()),
      );
      expect(g.map((o) => o.firstCounters)).toEqual(a.map((o) => o.firstCounters));
      expect(grouped.stats.processes).toBe(5);
      const before = grouped.stats.processes;
      const again = await grouped.run(programs);
      expect(again.map((o) => o.firstCounters.length)).toEqual([0, 0, 0, 0]);
      expect(grouped.stats.processes).toBe(before + 1);
    } finally {
      alone.close();
      grouped.close();
    }
  });
});
