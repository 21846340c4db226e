// luau-fuzz runner: the VM worker, a child process forked by `pool.mjs` with an IPC channel.
// One luau-web VM per process (the WASM module is a per-realm singleton, with a fixed 17 MB
// heap). Each program runs in a fresh VM state (a new lua_State with fresh globals); the pool
// replaces the process before the heap runs out, and after any abort. Plain JavaScript on
// purpose: the same file runs inside luau-fuzz and, installed into a workspace project, under
// that project's `node`.
/* global WebAssembly */
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';

if (process.send === undefined)
  throw new Error('worker.mjs runs under pool.mjs (it needs an IPC channel)');
const port = { on: (event, fn) => process.on(event, fn), postMessage: (m) => process.send(m) };
// A worker whose pool went away leaves too.
process.on('disconnect', () => process.exit(0));
const settings = JSON.parse(process.env.LUAU_FUZZ_WORKER ?? '{}');

// The VM prints diagnostics through console.*; the pool's stdout may be a JSON-lines channel.
const diagnostics = [];
const keep = (...args) => {
  if (diagnostics.length < 20) diagnostics.push(args.map(String).join(' ').slice(0, 500));
};
console.log = keep;
console.info = keep;
console.warn = keep;
console.error = keep;

const { LuauState } = await import('luau-web');

const excerptChars = settings.excerptChars ?? 512;
const errorChars = settings.errorChars ?? 1024;

// Runs first in every state: replaces `print` with a deterministic one (tostring of each
// argument, tab-separated, one line per call), buffered in Luau (a call into JavaScript per
// line was measured at about 1 ms), and provides `require(module0)` / `require(module1)`,
// which run the module chunk once and return its value. Returns `flush` (hands the buffered
// output to JavaScript) and `setmodule`.
const PRELUDE = `local emit = __luaufuzz_emit
__luaufuzz_emit = nil
local buffer, count, size = {}, 0, 0
local function flush()
  if count > 0 then
    emit(table.concat(buffer, '', 1, count))
    table.clear(buffer)
    count, size = 0, 0
  end
end
print = function(...)
  local n = select('#', ...)
  local parts = table.create(n)
  for i = 1, n do parts[i] = tostring((select(i, ...))) end
  local line = table.concat(parts, '\\t') .. '\\n'
  count += 1
  buffer[count] = line
  size += #line
  if size > 65536 then flush() end
end
module0 = 'module0'
module1 = 'module1'
local mod, loaded, value = nil, false, nil
require = function(name)
  if name ~= module0 and name ~= module1 then error('require: unknown module ' .. tostring(name), 2) end
  if mod == nil then error('require: this program has no module', 2) end
  if not loaded then loaded = true value = mod() end
  return value
end
return flush, function(m) mod = m end`;

let compileState;
let statesCreated = 0;

function messageOf(e) {
  if (typeof e === 'string') return e;
  if (e !== null && typeof e === 'object' && typeof e.message === 'string') return e.message;
  return String(e);
}

/** True when the VM aborted: its memory is now undefined and the worker must be replaced. */
function isAbort(e) {
  return (
    e instanceof WebAssembly.RuntimeError ||
    (e !== null && typeof e === 'object' && e.name === 'RuntimeError') ||
    /^Aborted\(/.test(messageOf(e))
  );
}

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
function load(state, source, chunk) {
  return state.loadstring(source === '' ? '\n' : source, chunk, false);
}

async function runJob(job) {
  const started = performance.now();
  const out = { hash: createHash('sha256'), excerpt: '', bytes: 0 };
  const emit = (chunk) => {
    const text = String(chunk);
    out.hash.update(text);
    out.bytes += Buffer.byteLength(text);
    if (out.excerpt.length < excerptChars)
      out.excerpt = (out.excerpt + text).slice(0, excerptChars);
  };
  const fail = (status, e) =>
    outcome(job, status, started, out, { error: messageOf(e).slice(0, errorChars) });
  try {
    if (job.compileOnly) {
      compileState ??= await LuauState.createAsync({});
      for (const [source, chunk] of [
        [job.module, '=module'],
        [job.program, '=program'],
      ]) {
        if (source === undefined || source === null) continue;
        const compiled = load(compileState, source, chunk);
        if (typeof compiled === 'string') return fail('compile-error', compiled);
      }
      return outcome(job, 'ok', started, out, {});
    }
    const state = await LuauState.createAsync({});
    statesCreated++;
    state.env.set('__luaufuzz_emit', emit, true);
    const [flush, setModule] = await state.loadstring(PRELUDE, '=prelude', true)();
    // Chunks load after the prelude: global imports (`print`) resolve when a chunk is loaded.
    if (job.module !== undefined && job.module !== null) {
      const mod = load(state, job.module, '=module');
      if (typeof mod === 'string') return fail('compile-error', mod);
      await setModule(mod);
    }
    const program = load(state, job.program, '=program');
    if (typeof program === 'string') return fail('compile-error', program);
    try {
      await program();
    } catch (e) {
      if (isAbort(e)) throw e;
      await flush();
      return fail('runtime-error', e);
    }
    await flush();
    const heap = state.loadstring('return gcinfo()', '=gcinfo', true);
    const heapKb = Number(await heap()) || 0;
    return outcome(job, 'ok', started, out, { heapKb });
  } catch (e) {
    if (isAbort(e)) {
      const result = fail('crash', e);
      result.abort = true;
      return result;
    }
    return fail('runtime-error', e);
  }
}

// Programs run one at a time, in the order they arrive.
let chain = Promise.resolve();
port.on('message', (job) => {
  chain = chain.then(async () => {
    port.postMessage({ started: job.seq });
    const result = await runJob(job);
    result.statesCreated = statesCreated;
    if (diagnostics.length > 0) result.diagnostics = diagnostics.splice(0);
    port.postMessage(result);
  });
});
// Initialises the VM (about 40 ms) before the first program's clock starts; the state is the
// one compile-only jobs share.
compileState = await LuauState.createAsync({});
port.postMessage({ ready: true });
