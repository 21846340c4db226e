import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { LuauWebPool } from '../../src/runtime/luau-web-pool.js';
import { emptyOutputHash } from '../../src/runtime/outcome.js';

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

describe('LuauWebPool', () => {
  const pool = new LuauWebPool({ workers: 2, timeoutMs: 5000, recycleAfter: 10 });
  afterAll(() => pool.close());

  it('captures print deterministically and hashes the whole output', async () => {
    const o = await pool.run({ id: 'a', program: 'print(1, "x", nil, true, 1.5) print(2 ^ 53)' });
    expect(o).toMatchObject({
      id: 'a',
      status: 'ok',
      output: '1\tx\tnil\ttrue\t1.5\n9007199254740992\n',
    });
    expect(o.outputHash).toBe(sha256('1\tx\tnil\ttrue\t1.5\n9007199254740992\n'));
    expect(o.error).toBeUndefined();
  });

  it('classifies compile errors, runtime errors, timeouts and aborts', async () => {
    const [compile, runtime, timeout, crash] = await Promise.all([
      pool.run({ id: 'c', program: 'local = 1' }),
      pool.run({ id: 'r', program: 'print("before") error("boom")' }),
      pool.run({ id: 't', program: 'while true do end' }, { timeoutMs: 300 }),
      pool.run({ id: 'x', program: `return ${'('.repeat(1200)}1${')'.repeat(1200)}` }),
    ]);
    expect(compile.status).toBe('compile-error');
    expect(compile.error).toMatch(/^program:1: /);
    expect(runtime).toMatchObject({
      status: 'runtime-error',
      error: 'program:1: boom',
      output: 'before\n',
    });
    expect(timeout.status).toBe('timeout');
    expect(crash.status).toBe('crash');
    expect(crash.error).toMatch(/Aborted/);
  });

  it('gives every program fresh globals, also across worker recycling', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        pool.run({
          id: String(i),
          program: 'print(counter) counter = (counter or 0) + 1 string.marker = 1',
        }),
      ),
    );
    // The libraries are read-only, as in Luau's own sandbox.
    for (const o of outcomes) {
      expect(o).toMatchObject({ status: 'runtime-error', output: 'nil\n' });
      expect(o.error).toMatch(/readonly/);
    }
  });

  it('attributes a timeout to the program past its limit, not to those finished before it', async () => {
    const one = new LuauWebPool({ workers: 1, timeoutMs: 20_000 });
    try {
      const jobs = Array.from({ length: 12 }, (_, i) => ({
        id: String(i),
        program: i === 6 ? 'while true do end' : `print(${i})`,
      }));
      const outcomes = await Promise.all(
        jobs.map((j) => one.run(j, j.id === '6' ? { timeoutMs: 500 } : {})),
      );
      expect(outcomes.map((o) => o.status)).toEqual(
        jobs.map((j) => (j.id === '6' ? 'timeout' : 'ok')),
      );
      expect(outcomes.filter((o) => o.status === 'ok').map((o) => o.output)).toEqual(
        jobs.filter((j) => j.id !== '6').map((j) => `${j.id}\n`),
      );
      expect(outcomes[6]!.timeMs).toBeGreaterThanOrEqual(500);
    } finally {
      await one.close();
    }
  });

  it('runs the module once for require(module0) and require(module1)', async () => {
    const o = await pool.run({
      id: 'm',
      program: 'local a = require(module0) local b = require(module1) print(a.n, a == b)',
      module: 'print("module") return { n = 5 }',
    });
    expect(o).toMatchObject({ status: 'ok', output: 'module\n5\ttrue\n' });
    const broken = await pool.run({ id: 'mb', program: 'print(1)', module: 'local = 2' });
    expect(broken.status).toBe('compile-error');
    expect(broken.error).toMatch(/^module:1: /);
  });

  it('only compiles with compileOnly', async () => {
    const ok = await pool.run({ id: 'k', program: 'error("never runs")' }, { compileOnly: true });
    expect(ok).toMatchObject({ status: 'ok', outputHash: emptyOutputHash });
    const bad = await pool.run({ id: 'k2', program: 'break' }, { compileOnly: true });
    expect(bad.status).toBe('compile-error');
  });

  it('runs and compiles an empty program, as Luau does', async () => {
    expect(await pool.run({ id: 'e', program: '', module: '' })).toMatchObject({ status: 'ok' });
    const compiled = await pool.run({ id: 'e2', program: '' }, { compileOnly: true });
    expect(compiled.status).toBe('ok');
  });

  it('bounds the output excerpt but hashes all of it', async () => {
    const o = await pool.run({ id: 'big', program: 'for i = 1, 2000 do print(i) end' });
    let expected = '';
    for (let i = 1; i <= 2000; i++) expected += `${i}\n`;
    expect(o.output).toBe(expected.slice(0, 512));
    expect(o.outputHash).toBe(sha256(expected));
  });
});
