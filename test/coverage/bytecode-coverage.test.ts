import { describe, expect, it } from 'vitest';
import { bytecodeCoverage, countListing } from '../../src/coverage/index.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

describe('countListing', () => {
  it('counts instruction mnemonics (after labels) and builtin remarks, not source lines', () => {
    const listing = [
      'Function 0 (??):',
      'REMARK builtin math.abs/1',
      '    4: local v = math.abs(t[2])',
      'GETTABLEN R2 R0 2',
      'FASTCALL1 2 R2 L0',
      'REMARK loop unroll succeeded (iterations 3, cost 3, profit 2.00x)',
      'L0: ADDK R1 R1 K13 [1]',
      'ADDK R1 R1 K14 [2]',
      'RETURN R0 0',
    ].join('\n');
    const { opcodes, builtins } = countListing(listing);
    expect(Object.fromEntries(opcodes)).toEqual({ GETTABLEN: 1, FASTCALL1: 1, ADDK: 2, RETURN: 1 });
    expect(Object.fromEntries(builtins)).toEqual({ 'math.abs/1': 1 });
  });
});

describe.skipIf(!haveLuauTools)('bytecodeCoverage', needsShared, () => {
  it('compiles a sample with luau-compile and counts its opcodes, builtins and errors', async () => {
    const c = await bytecodeCoverage(
      [
        'local t = {3, 1, 2}\nprint(math.abs(t[1]), bit32.band(t[2], 3))',
        'print(("x"):rep(3)',
        'local s = 0\nfor i = 1, select("#", ...) + 10 do s += i end\nprint(s)',
      ],
      { luauCompile: tools().luauCompile, batchSize: 2 },
    );
    expect(c.sources).toBe(3);
    expect(c.compileErrors).toBe(1);
    expect(c.errors[0]).toMatch(/s1\.luau\(1,\d+\): SyntaxError/);
    expect(Object.keys(c.builtins).sort()).toEqual(['bit32.band/2', 'math.abs/1', 'select/2+']);
    expect(c.opcodes).toHaveProperty('FORNPREP');
    expect(c.opcodes).toHaveProperty('NEWTABLE');
  });
});
