import { describe, expect, it } from 'vitest';
import { batchOutcomesDiffer, LuauBatchRunner } from '../../src/runtime/index.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';

describe.skipIf(!haveLuauTools)('LuauBatchRunner', () => {
  it('gives each program its own output and its own errors', async () => {
    const batch = new LuauBatchRunner([
      { program: 'print(1, 0.1 + 0.2)' },
      { program: 'print("before")\nerror({})' },
      {
        program: 'local m = require(module0)\nprint(m.n, require(module1) == m)',
        module: 'return {n = 7}',
      },
      { program: 'print(("x"):rep(3)' },
      { program: 'print(x)\nx = 1' },
      { program: 'print(x)' },
    ]);
    try {
      const out = await batch.run({ luau: tools().luau, args: ['-O2'] }, { batchSize: 4 });
      expect(out.map((o) => o.status)).toEqual(['ok', 'error', 'ok', 'error', 'ok', 'ok']);
      expect(out.map((o) => o.stdout)).toEqual([
        '1\t0.30000000000000004\n',
        'before\n',
        '7\ttrue\n',
        '',
        'nil\n',
        // Each file runs in its own sandbox: the global set by the one before is not seen.
        'nil\n',
      ]);
      expect(out[1]?.error).toMatch(/d1\/program\.luau:2/);
      expect(out[3]?.error).toMatch(/Expected '\)'/);
    } finally {
      batch.close();
    }
  });

  it('finds the one program that runs past the limit and keeps the others', async () => {
    const programs = Array.from({ length: 8 }, (_, i) => ({
      program: i === 5 ? 'while true do end' : `print(${i})`,
    }));
    const batch = new LuauBatchRunner(programs);
    try {
      const out = await batch.run({ luau: tools().luau, args: ['-O2'] }, { timeoutMs: 1000 });
      expect(out.map((o) => o.status)).toEqual(
        programs.map((_, i) => (i === 5 ? 'timeout' : 'ok')),
      );
      expect(out[7]?.stdout).toBe('7\n');
    } finally {
      batch.close();
    }
  });
});

describe.skipIf(!haveLuauTools)('LuauBatchRunner output limit', () => {
  it('stops a program that prints past the limit and keeps the others', async () => {
    const programs = [
      { program: 'print(1)' },
      { program: 'for i = 1, 1e7 do print(string.rep("x", 100)) end' },
      { program: 'print(3)' },
    ];
    const batch = new LuauBatchRunner(programs);
    try {
      const out = await batch.run(
        { luau: tools().luau, args: ['-O2'] },
        { maxOutputBytes: 100_000 },
      );
      expect(out.map((o) => o.status)).toEqual(['ok', 'output-limit', 'ok']);
      expect(out[1]?.stdout.length).toBeLessThanOrEqual(100_000);
      expect(out[2]?.stdout).toBe('3\n');
    } finally {
      batch.close();
    }
  });
});

describe.skipIf(!haveLuauTools)('batchOutcomesDiffer', () => {
  it('tells a faulty build from the sound one by what a program prints', async () => {
    const t = tools();
    const faulty = t.faulty.find((f) => f.name === 'fold-mul-neg');
    expect(faulty).toBeDefined();
    const batch = new LuauBatchRunner([{ program: 'print(-2 * -3)' }, { program: 'print(2 * 3)' }]);
    try {
      const sound = await batch.run({ luau: t.luau, args: ['-O2'] });
      const bad = await batch.run({ luau: faulty!.luau, args: ['-O2'] });
      expect(sound[0]?.stdout).toBe('6\n');
      expect([0, 1].map((i) => batchOutcomesDiffer(sound[i]!, bad[i]!))).toEqual([true, false]);
    } finally {
      batch.close();
    }
  });
});
