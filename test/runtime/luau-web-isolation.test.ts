import { afterAll, describe, expect, it } from 'vitest';
import { campaignArbitrary, generatePrograms } from '../../src/campaign/programs.js';
import { LuauWebPool } from '../../src/runtime/luau-web-pool.js';
import type { ProgramJob } from '../../src/runtime/luau-web-pool.js';
import type { ProgramOutcome } from '../../src/runtime/outcome.js';

// Reads, without getfenv (which would make the worker replace the state), what earlier
// programs may have left: globals, the globals table's metatable, print, require and the
// module, library fields, suspended coroutines.
const PROBE = `print(counter, x, shared, co, wrapped, leaked, undefinedglobal, type(gf))
print(type(print), type(require), module0, module1, string.x, math.pi, type(string.upper))
print(pcall(require, module0))
print(("abc"):upper(), #"abc", ("x"):rep(3))`;
// Writes a global: fails when an earlier program froze the globals table.
const WRITE_PROBE = 'x = (x or 0) + 1 print(x)';
// Reaches getfenv without naming it, so the worker cannot tell from the source.
const HIDDEN_GETFENV = "local gf = _G['get' .. 'fenv'] ";

/** Programs written to leak state into the programs after them. */
const LEAKS: ProgramJob[] = [
  { id: 'globals', program: 'counter = (counter or 0) + 1 x = 10 leaked = "yes" print(counter)' },
  { id: 'print-nil', program: 'print("before") print = nil' },
  { id: 'print-replaced', program: 'print = function() error("replaced print") end' },
  { id: 'require-replaced', program: 'require = function() return "fake" end module0 = "m"' },
  {
    id: 'module-global',
    program: 'local m = require(module0) print(m.n, shared)',
    module: 'shared = "from module" return { n = 1 }',
  },
  // Its module is loaded, the program does not compile: the module must not stay set.
  { id: 'module-compile-error', program: 'local = 1', module: 'return { n = 2 }' },
  {
    id: 'coroutine-suspended',
    program:
      'co = coroutine.create(function() for i = 1, 3 do x = i coroutine.yield(i) end end) ' +
      'print(coroutine.resume(co)) wrapped = coroutine.wrap(function() coroutine.yield(1) end) wrapped()',
  },
  { id: 'top-level-yield', program: 'print("y") coroutine.yield(1)' },
  { id: 'error-after-output', program: 'print("partial") error("boom")' },
  { id: 'error-table', program: 'error({ code = 1 })' },
  { id: 'big-output-error', program: 'for i = 1, 20000 do print(i) end error("after 64 KB")' },
  { id: 'library-write', program: 'string.x = 1' },
  { id: 'library-rawset', program: 'rawset(math, "pi", 3)' },
  {
    id: 'string-metatable',
    program: 'getmetatable("").__index = { upper = function() return 1 end }',
  },
  { id: 'base-write', program: '_G.leaked = 1' },
  { id: 'freeze-library', program: 'print(pcall(table.freeze, string), table.isfrozen(string))' },
  {
    id: 'env-metatable-hidden',
    program: `${HIDDEN_GETFENV}setmetatable(gf(), { __index = function(_, k) return "leak " .. k end })`,
  },
  {
    id: 'env-protected-hidden',
    program: `${HIDDEN_GETFENV}setmetatable(gf(), { __metatable = "locked", __index = function() return 1 end })`,
  },
  { id: 'env-frozen-hidden', program: `${HIDDEN_GETFENV}gf().x = 5 table.freeze(gf())` },
  { id: 'env-frozen', program: 'x = 6 table.freeze(getfenv())' },
  { id: 'setfenv', program: 'setfenv(1, { print = print }) print(x)' },
  { id: 'thread-env', program: 'getfenv(0).leaked = "thread" print(leaked)' },
  { id: 'stack-overflow', program: 'local function f() return f() + 1 end print(pcall(f))' },
  {
    id: 'heap',
    program: 'local t = {} for i = 1, 100000 do t[i] = { i } end big = t print(#big)',
  },
  { id: 'traceback', program: 'local function f() print(debug.traceback("here")) end f()' },
  { id: 'abort', program: `return ${'('.repeat(1200)}1${')'.repeat(1200)}` },
];

/** The leak programs, each followed by the probes and two generated runnable programs. */
function sequence(): ProgramJob[] {
  const arb = campaignArbitrary({ level: 'runnable', profile: 'luau-web', maxNodes: null });
  const generated = generatePrograms(
    arb,
    11,
    Array.from({ length: 2 * LEAKS.length }, (_, i) => i),
  )
    .filter((p) => p.printError === undefined)
    .map((p) => ({ id: `gen-${p.index}`, program: p.program, module: p.module }));
  const jobs: ProgramJob[] = [];
  LEAKS.forEach((leak, k) => {
    jobs.push(leak, { id: `${leak.id}/probe`, program: PROBE });
    jobs.push({ id: `${leak.id}/write`, program: WRITE_PROBE });
    jobs.push(...generated.slice(2 * k, 2 * k + 2));
    jobs.push({ id: `${leak.id}/probe2`, program: PROBE });
  });
  return jobs;
}

/** Runs the jobs in order, one at a time. */
async function runAll(pool: LuauWebPool, jobs: readonly ProgramJob[]): Promise<ProgramOutcome[]> {
  const out: ProgramOutcome[] = [];
  for (const job of jobs) out.push(await pool.run(job));
  return out;
}

const comparable = (o: ProgramOutcome) => ({
  id: o.id,
  status: o.status,
  output: o.output,
  outputHash: o.outputHash,
  error: o.error,
});

describe('LuauWebPool', () => {
  const shared = new LuauWebPool({ workers: 1, timeoutMs: 10_000 });
  const fresh = new LuauWebPool({ workers: 1, timeoutMs: 10_000, programsPerState: 1 });
  afterAll(() => Promise.all([shared.close(), fresh.close()]));

  it('gives the same output to programs sharing a VM state as to each in a fresh state', async () => {
    const jobs = sequence();
    const [a, b] = [await runAll(shared, jobs), await runAll(fresh, jobs)];
    expect(a.map(comparable)).toEqual(b.map(comparable));

    // What the probes show is what a fresh state shows: nothing of the leak programs.
    const clean =
      'nil\tnil\tnil\tnil\tnil\tnil\tnil\tnil\n' +
      'function\tfunction\tnil\tnil\tnil\t3.141592653589793\tfunction\n' +
      'false\trequire: unknown module nil\n' +
      'ABC\t3\txxx\n';
    for (const o of a.filter((x) => x.id.endsWith('/probe') || x.id.endsWith('/probe2')))
      expect({ id: o.id, output: o.output }).toEqual({ id: o.id, output: clean });
    for (const o of a.filter((x) => x.id.endsWith('/write')))
      expect({ id: o.id, output: o.output }).toEqual({ id: o.id, output: '1\n' });
    const byId = new Map(a.map((o) => [o.id, o]));
    expect(byId.get('env-metatable-hidden')?.status).toBe('ok');
    expect(byId.get('env-frozen-hidden')?.status).toBe('ok');
    expect(byId.get('abort')?.status).toBe('crash');
    expect(a.filter((o) => o.id.startsWith('gen-') && o.status === 'ok').length).toBeGreaterThan(
      LEAKS.length,
    );

    // The shared pool really shared: a new state only after getfenv/setfenv, a globals table
    // that could not be reset, or the abort (its process is replaced); the fresh one made one
    // state per program.
    const [sharedStats, freshStats] = [await shared.stats(), await fresh.stats()];
    expect(sharedStats.states).toBeLessThan(jobs.length / 4);
    expect(freshStats.states).toBeGreaterThanOrEqual(jobs.length - 1);
  }, 120_000);

  it('gives the same outputs with the baseline compiler only (tierUp: false)', async () => {
    const jobs = sequence();
    const baseline = new LuauWebPool({ workers: 1, timeoutMs: 10_000, tierUp: false });
    try {
      const [a, b] = [await runAll(shared, jobs), await runAll(baseline, jobs)];
      expect(b.map(comparable)).toEqual(a.map(comparable));
    } finally {
      await baseline.close();
    }
  }, 120_000);

  it('replaces the state on its schedule', async () => {
    const pool = new LuauWebPool({ workers: 1, programsPerState: 5 });
    try {
      const outcomes = await runAll(
        pool,
        Array.from({ length: 20 }, (_, i) => ({ id: String(i), program: WRITE_PROBE })),
      );
      expect(outcomes.map((o) => o.output)).toEqual(outcomes.map(() => '1\n'));
      expect((await pool.stats()).states).toBe(4);
    } finally {
      await pool.close();
    }
  });
});
