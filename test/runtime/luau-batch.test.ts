import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchOutcomesDiffer, LuauBatchRunner } from '../../src/runtime/index.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

describe.skipIf(!haveLuauTools)('LuauBatchRunner', needsShared, () => {
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
      // The program's own standard error: message and stack trace, naming its file.
      expect(out[1]?.error).toMatch(/^stacktrace:\n/);
      expect(out[1]?.error).toMatch(/\[C\] function error\n\.\/d1\/program\.luau:2$/);
      expect(out[3]?.error).toMatch(/^\.\/d3\/program\.luau:1: Expected '\)'/);
      expect(out.filter((o) => o.status === 'ok').map((o) => o.error)).toEqual(['', '', '', '']);
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

describe.skipIf(!haveLuauTools)('LuauBatchRunner crashes', needsShared, () => {
  it('gives a crash mid-batch to the program at fault and runs the others again', async () => {
    // A CLI that runs each file with the real luau and dies of SIGSEGV at a file that says
    // CRASH: what a faulty build does mid-batch.
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-batch-test-'));
    const wrapper = join(dir, 'crashing-luau');
    writeFileSync(
      wrapper,
      `#!/bin/sh\nfor f; do\n  if grep -q CRASH "$f"; then kill -SEGV $$; fi\n  ${JSON.stringify(tools().luau)} "$f"\ndone\n`,
    );
    chmodSync(wrapper, 0o755);
    const programs = Array.from({ length: 7 }, (_, i) => ({
      program: i === 4 ? 'print("CRASH")' : `print(${i})`,
    }));
    const batch = new LuauBatchRunner(programs);
    try {
      const out = await batch.run({ luau: wrapper, args: [] });
      expect(out.map((o) => o.status)).toEqual(programs.map((_, i) => (i === 4 ? 'crash' : 'ok')));
      expect(out[4]?.error).toBe('killed by SIGSEGV');
      expect(out.map((o) => o.stdout)).toEqual(programs.map((_, i) => (i === 4 ? '' : `${i}\n`)));
    } finally {
      batch.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects, naming the executable, when it does not start', async () => {
    const batch = new LuauBatchRunner([{ program: 'print(1)' }]);
    try {
      const missing = join(batch.dir, 'no-such-luau');
      await expect(batch.run({ luau: missing, args: [] })).rejects.toThrow(
        `cannot start ${missing}`,
      );
    } finally {
      batch.close();
    }
  });
});

describe.skipIf(!haveLuauTools)('LuauBatchRunner output limit', needsShared, () => {
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
      // Cut at the limit: the program's own output, not the process's.
      expect(out[1]?.stdout).toBe(`${'x'.repeat(100)}\n`.repeat(1000).slice(0, 100_000));
      expect(out[0]?.stdout).toBe('1\n');
      expect(out[2]?.stdout).toBe('3\n');
    } finally {
      batch.close();
    }
  });
});

describe.skipIf(!haveLuauTools)('batchOutcomesDiffer', needsShared, () => {
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
