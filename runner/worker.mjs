// @ts-check
// luau-fuzz runner: the VM worker, a child process forked by `pool.mjs` with an IPC channel.
// One luau-web VM per process (the WASM module is a per-realm singleton, with a fixed 17 MB
// heap). Plain JavaScript on purpose: the same file runs inside luau-fuzz and, installed into
// a workspace project, under that project's `node`.
//
// Many programs share one VM state, each isolated as if it ran in a fresh one. luau-web
// sandboxes a state as Luau's own CLI does (`luaL_sandbox`): the built-in libraries, the
// string metatable and the base globals table are frozen, and chunks run with a globals table
// of their own whose frozen metatable reads through to the base. Everything a program can
// change is therefore in that one table, which is reset before every program: cleared, its
// original metatable put back, and `print`/`require` bound to fresh per-program buffers.
// The chunk keeps the state's "safe environment" (imports resolved at load time, builtin fast
// calls), because the table is reached without getfenv/setfenv (which would mark it unsafe
// and deoptimize every later program): luau-web hands it to JavaScript as `env.global`.
// A state is replaced (a new one in the same process) after `programsPerState` programs,
// after a program that mentions getfenv/setfenv (its environment may now be unsafe), and
// when the reset fails (the program froze its globals table or protected its metatable).
// The process asks the pool to replace it when its abandoned states fill the heap; an abort
// (C++ exception, heap exhausted) or a timeout ends the process.
/* global WebAssembly */
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { readWorkerSettings } from './protocol.mjs';

/** @typedef {import('luau-web').LuauState} LuauState */
/** @typedef {import('./protocol.mjs').OutcomeStatus} OutcomeStatus */

/** @typedef {import('./protocol.mjs').WorkerJob} WorkerJob */
/** @typedef {import('./protocol.mjs').WorkerResult} WorkerResult */
/** @typedef {import('./protocol.mjs').WorkerReady} WorkerReady */

/**
 * A VM state and the prelude's functions in it.
 * @typedef {object} Context
 * @property {LuauState} state
 * @property {() => Promise<boolean>} reset
 * @property {(chunk: unknown) => Promise<void>} setModule
 * @property {() => Promise<[string, number, boolean]>} finish
 * @property {number} programs
 * @property {number} heapKb
 * @property {boolean} spoiled
 * @property {boolean} clean
 */

if (process.send === undefined)
  throw new Error('worker.mjs runs under pool.mjs (it needs an IPC channel)');
const toPool = process.send.bind(process);
const port = {
  /** @param {(jobs: WorkerJob[]) => void} fn */
  onMessage: (fn) => process.on('message', fn),
  /** @param {WorkerResult[] | WorkerReady} m */
  postMessage: (m) => toPool(m),
};
// A worker whose pool went away leaves too.
process.on('disconnect', () => process.exit(0));
const settings = readWorkerSettings(process.env);

// The VM prints diagnostics through console.*; the pool's stdout may be a JSON-lines channel.
/** @type {string[]} */
const diagnostics = [];
const keep = (/** @type {unknown[]} */ ...args) => {
  if (diagnostics.length < 20) diagnostics.push(args.map(String).join(' ').slice(0, 500));
};
console.log = keep;
console.info = keep;
console.warn = keep;
console.error = keep;

const { LuauState } = await import('luau-web');

const { excerptChars, errorChars, programsPerState, heapBudgetKb } = settings;
// A new state takes about 420 KB of the heap that is never returned (destroy() then create
// aborts, so abandoned states stay).
const stateOverheadKb = 420;
// Programs that may have marked their environment unsafe (deoptimized) for later programs.
const UNSAFE_ENV = /\b(?:getfenv|setfenv)\b/;

// Runs once per state, with the chunks' globals table and the output callback. Returns:
// `reset()` (false when the table cannot be reset: replace the state), `setmodule(chunk)`, and
// `finish()`, which returns the output not yet emitted, the heap in KB, and the result of the
// reset for the next program (one call into the VM instead of two). `print` writes tostring
// of each argument, tab-separated, one line per call, buffered in Luau (a call into
// JavaScript costs far more than a return value), emitted in 64 KB parts; `module0` and
// `module1` name the module as the luau CLI runner does (`./module0`), and `require(module0)`
// runs the module once and returns its value.
const PRELUDE = `local env, emit = ...
local clear, isfrozen, concat, create = table.clear, table.isfrozen, table.concat, table.create
local setmetatable, getmetatable, rawset, pcall, select, tostring, error, gcinfo =
  setmetatable, getmetatable, rawset, pcall, select, tostring, error, gcinfo
local envmt = getmetatable(env)
local buffer, count, size = {}, 0, 0
local mod, loaded, value = nil, false, nil
local function take()
  local text = concat(buffer, '', 1, count)
  clear(buffer)
  count, size = 0, 0
  return text
end
local function print(...)
  local n = select('#', ...)
  local parts = create(n)
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  local line = concat(parts, '\\t') .. '\\n'
  count += 1
  buffer[count] = line
  size += #line
  if size > 65536 then emit(take()) end
end
local function require(name)
  if name ~= './module0' then error('require: unknown module ' .. tostring(name), 2) end
  if mod == nil then error('require: this program has no module', 2) end
  if not loaded then loaded = true value = mod() end
  return value
end
local function reset()
  if isfrozen(env) then return false end
  clear(env)
  if getmetatable(env) ~= envmt and not pcall(setmetatable, env, envmt) then return false end
  clear(buffer)
  count, size = 0, 0
  mod, loaded, value = nil, false, nil
  rawset(env, 'print', print)
  rawset(env, 'require', require)
  return true
end
-- As the luau CLI runner names the module beside the program: both names are its path.
local function setmodule(m)
  mod = m
  rawset(env, 'module0', './module0')
  rawset(env, 'module1', './module0')
end
return reset, setmodule, function() return take(), gcinfo(), reset() end`;

/** @type {LuauState | undefined} */
let compileState;
/** @type {Context | undefined} */
let current;
let statesCreated = 0;
// The compile-only state's share of the heap.
let abandonedKb = stateOverheadKb;

/** @param {unknown} e */
function messageOf(e) {
  if (typeof e === 'string') return e;
  if (e instanceof Error) return e.message;
  return String(e);
}

/** True when the VM aborted: its memory is now undefined and the worker must be replaced. */
/** @param {unknown} e */
function isAbort(e) {
  return (
    e instanceof WebAssembly.RuntimeError ||
    (e instanceof Error && e.name === 'RuntimeError') ||
    /^Aborted\(/.test(messageOf(e))
  );
}

/**
 * @param {WorkerJob} job
 * @param {OutcomeStatus} status
 * @param {number} started
 * @param {{ hash: import('node:crypto').Hash, excerpt: string, bytes: number }} out
 * @param {{ error?: string, heapKb?: number }} extra
 * @returns {WorkerResult}
 */
function outcome(job, status, started, out, extra) {
  return {
    seq: job.seq,
    id: job.id,
    status,
    outputHash: out.hash.digest('hex'),
    output: out.excerpt,
    outputBytes: out.bytes,
    timeMs: Math.round((performance.now() - started) * 1000) / 1000,
    ...extra,
  };
}

// luau-web turns an empty chunk into the text "none" ("Incomplete statement"); Luau accepts it.
/**
 * @param {LuauState} state
 * @param {string} source
 * @param {string} chunk
 */
function load(state, source, chunk) {
  return state.loadstring(source === '' ? '\n' : source, chunk, false);
}

/** Output of the program running now: hashed whole, an excerpt kept. */
const out = { hash: createHash('sha256'), excerpt: '', bytes: 0 };
/** @param {unknown} chunk */
function emit(chunk) {
  const text = String(chunk);
  if (text === '') return;
  out.hash.update(text);
  out.bytes += Buffer.byteLength(text);
  if (out.excerpt.length < excerptChars) out.excerpt = (out.excerpt + text).slice(0, excerptChars);
}

async function newState() {
  if (current !== undefined) abandonedKb += stateOverheadKb + current.heapKb;
  const state = await LuauState.createAsync({});
  statesCreated++;
  const [reset, setModule, finish] = await state.loadstring(
    PRELUDE,
    '=prelude',
    true,
  )(state.env.global, emit);
  current = {
    state,
    reset,
    setModule,
    finish,
    programs: 0,
    heapKb: 0,
    spoiled: false,
    clean: true,
  };
  if (!(await reset())) throw new Error('a new VM state could not be reset');
  return current;
}

/**
 * The state the next program runs in, reset for it.
 * @returns {Promise<Context>}
 */
async function context() {
  let ctx = current;
  if (ctx === undefined || ctx.spoiled || ctx.programs >= programsPerState) ctx = await newState();
  // A program that did not finish (compile error) left its module set: reset now.
  else if (!ctx.clean && !(await ctx.reset())) ctx = await newState();
  ctx.clean = false;
  ctx.programs++;
  return ctx;
}

/**
 * @param {WorkerJob} job
 * @returns {Promise<WorkerResult>}
 */
async function runJob(job) {
  const started = performance.now();
  out.hash = createHash('sha256');
  out.excerpt = '';
  out.bytes = 0;
  const fail = (/** @type {OutcomeStatus} */ status, /** @type {unknown} */ e) =>
    outcome(job, status, started, out, { error: messageOf(e).slice(0, errorChars) });
  try {
    if (job.compileOnly) {
      compileState ??= await LuauState.createAsync({});
      for (const [source, chunk] of /** @type {const} */ ([
        [job.module, '=module'],
        [job.program, '=program'],
      ])) {
        if (source === undefined || source === null) continue;
        const compiled = load(compileState, source, chunk);
        if (typeof compiled === 'string') return fail('compile-error', compiled);
      }
      return outcome(job, 'ok', started, out, {});
    }
    const ctx = await context();
    if (UNSAFE_ENV.test(job.program) || (job.module != null && UNSAFE_ENV.test(job.module)))
      ctx.spoiled = true;
    // Chunks load after the reset: global imports (`print`) resolve when a chunk is loaded.
    if (job.module !== undefined && job.module !== null) {
      const mod = load(ctx.state, job.module, '=module');
      if (typeof mod === 'string') return fail('compile-error', mod);
      await ctx.setModule(mod);
    }
    const program = load(ctx.state, job.program, '=program');
    if (typeof program === 'string') return fail('compile-error', program);
    let error;
    try {
      await program();
    } catch (e) {
      if (isAbort(e)) throw e;
      error = e;
    }
    const [rest, heapKb, reset] = await ctx.finish();
    emit(rest);
    ctx.heapKb = Number(heapKb) || 0;
    if (reset === true) ctx.clean = true;
    else ctx.spoiled = true;
    if (error !== undefined) return fail('runtime-error', error);
    return outcome(job, 'ok', started, out, { heapKb: ctx.heapKb });
  } catch (e) {
    if (isAbort(e)) {
      const result = fail('crash', e);
      result.abort = true;
      return result;
    }
    return fail('runtime-error', e);
  }
}

// Programs run one at a time, in the order they arrive. Before each one, its number and start
// time go to the status file (the pool reads it only when the worker has been silent for a
// wall-clock limit); results go back in batches: when no program is waiting, every 8 results
// (the pool refills the queue while the rest run), 50 ms after the oldest one unsent, and at
// once after an abort or a request to be replaced.
const statusFd = settings.statusFile === undefined ? undefined : openSync(settings.statusFile, 'w');
const status = new Float64Array(2);
const statusBytes = new Uint8Array(status.buffer);
/** @type {WorkerResult[]} */
const outbox = [];
let oldest = 0;
let waiting = 0;
let chain = Promise.resolve();

function send() {
  if (outbox.length === 0) return;
  port.postMessage(outbox.splice(0));
}

port.onMessage((jobs) => {
  waiting += jobs.length;
  for (const job of jobs)
    chain = chain.then(async () => {
      waiting--;
      if (statusFd !== undefined) {
        status[0] = job.seq;
        status[1] = Date.now();
        writeSync(statusFd, statusBytes, 0, statusBytes.length, 0);
      }
      const result = await runJob(job);
      result.statesCreated = statesCreated;
      // The heap left by abandoned states is never returned: past the budget, the process is
      // replaced (the programs already queued here still fit).
      if (abandonedKb + (current?.heapKb ?? 0) >= heapBudgetKb) result.retire = true;
      if (diagnostics.length > 0) result.diagnostics = diagnostics.splice(0);
      if (outbox.length === 0) oldest = performance.now();
      outbox.push(result);
      if (
        waiting === 0 ||
        outbox.length >= 8 ||
        performance.now() - oldest >= 50 ||
        result.abort === true ||
        result.retire === true
      )
        send();
    });
});
// Initialises the VM before the first program's clock starts; the state is the
// one compile-only jobs share.
compileState = await LuauState.createAsync({});
port.postMessage({ ready: true });
