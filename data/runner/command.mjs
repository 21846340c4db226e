// luau-fuzz runner: runs each program with an external command (a `luau` executable, or any
// command template), one process per program, with a wall-clock limit. Plain JavaScript: it
// runs inside luau-fuzz and, installed into a workspace project, under that project's `node`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';

export const commandDefaults = Object.freeze({
  workers: 1,
  timeoutMs: 2000,
  excerptChars: 512,
  errorChars: 1024,
});

// Signal number → name; the first name wins (6 is SIGABRT, not its alias SIGIOT).
const signalNames = {};
for (const [name, n] of Object.entries(constants.signals)) signalNames[n] ??= name;

/** Splits a command template into words (single and double quotes group; no other shell syntax). */
export function splitTemplate(template) {
  const words = [];
  let word = '';
  let quote = null;
  let started = false;
  for (const ch of template) {
    if (quote !== null) {
      if (ch === quote) quote = null;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started || word !== '') words.push(word);
      word = '';
      started = false;
    } else {
      word += ch;
    }
  }
  if (quote !== null) throw new Error(`unterminated quote in command template: ${template}`);
  if (started || word !== '') words.push(word);
  if (words.length === 0) throw new Error('empty command template');
  return words;
}

/**
 * Classifies a finished process. Exit 0 is `ok`; a signal (or a shell's exit code 128+n) is a
 * `crash`; another nonzero exit is a `compile-error` when the message says so (the Luau CLI
 * prints `SyntaxError`, or an empty stack trace, for code that does not compile) and a
 * `runtime-error` otherwise.
 */
export function classifyExit(code, signal, stderr) {
  if (signal) return { status: 'crash', signal };
  if (code === 0) return { status: 'ok' };
  if (code > 128 && signalNames[code - 128] !== undefined)
    return { status: 'crash', signal: signalNames[code - 128] };
  const trace = /\nstacktrace:\n([\s\S]*)$/.exec(stderr);
  if (/SyntaxError/.test(stderr) || (trace !== null && trace[1].trim() === ''))
    return { status: 'compile-error' };
  return { status: 'runtime-error' };
}

/**
 * Creates a runtime that runs each program with `template`, whose words may hold
 * `{program}` (the program file), `{module}` (the module file) and `{dir}` (their directory).
 * With a module, the program's first line is prefixed (same line, so line numbers stay) with
 * `local module0, module1 = "./module0", "./module0";` so that `require(module0)` finds it.
 */
export function createCommandRuntime(options) {
  const o = { ...commandDefaults };
  for (const [k, v] of Object.entries(options)) if (v !== undefined) o[k] = v;
  const words = splitTemplate(o.template);
  const root = mkdtempSync(join(o.tmpDir ?? tmpdir(), 'luau-fuzz-cmd-'));
  const running = new Set();
  const queue = [];
  let active = 0;
  let next = 0;
  let closed = false;

  function runOne(job) {
    return new Promise((resolve) => {
      const dir = join(root, String(next++));
      const programPath = join(dir, 'program.luau');
      const modulePath = join(dir, 'module0.luau');
      const hasModule = typeof job.module === 'string';
      try {
        // A fresh directory per program: nothing a program writes is seen by the next one.
        mkdirSync(dir, { recursive: true });
        writeFileSync(
          programPath,
          hasModule
            ? `local module0, module1 = "./module0", "./module0"; ${job.program}`
            : job.program,
        );
        if (hasModule) writeFileSync(modulePath, job.module);
      } catch (e) {
        resolve({
          id: job.id,
          status: 'crash',
          error: `cannot write the program: ${e.message}`,
          timeMs: 0,
        });
        return;
      }
      const argv = words.map((w) =>
        w
          .replaceAll('{program}', programPath)
          .replaceAll('{module}', modulePath)
          .replaceAll('{dir}', dir),
      );
      const started = performance.now();
      const hash = createHash('sha256');
      let excerpt = '';
      let stderr = '';
      let timedOut = false;
      let child;
      try {
        child = spawn(argv[0], argv.slice(1), {
          cwd: dir,
          stdio: ['ignore', 'pipe', 'pipe'],
          detached: true,
        });
      } catch (e) {
        resolve({
          id: job.id,
          status: 'crash',
          error: `cannot start ${argv[0]}: ${e.message}`,
          timeMs: 0,
        });
        return;
      }
      running.add(child);
      child.stdout.on('data', (d) => {
        hash.update(d);
        if (excerpt.length < o.excerptChars)
          excerpt = (excerpt + d.toString('utf8')).slice(0, o.excerptChars);
      });
      child.stderr.on('data', (d) => {
        if (stderr.length < 64 * 1024) stderr += d.toString('utf8');
      });
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child);
      }, o.timeoutMs);
      let spawnError;
      child.on('error', (e) => {
        spawnError = e;
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        running.delete(child);
        rmSync(dir, { recursive: true, force: true });
        const timeMs = Math.round((performance.now() - started) * 1000) / 1000;
        const base = { id: job.id, outputHash: hash.digest('hex'), output: excerpt, timeMs };
        if (timedOut) {
          resolve({ ...base, status: 'timeout', error: `no result within ${o.timeoutMs} ms` });
        } else if (spawnError !== undefined) {
          resolve({
            ...base,
            status: 'crash',
            error: `cannot start ${argv[0]}: ${spawnError.message}`.slice(0, o.errorChars),
          });
        } else {
          const c = classifyExit(code, signal, stderr);
          const out = { ...base, ...c };
          const how = signal ? `killed by ${signal}` : `exit code ${code}`;
          if (c.status !== 'ok') out.error = (stderr.trim() || how).slice(0, o.errorChars);
          resolve(out);
        }
      });
    });
  }

  function pump() {
    while (!closed && active < o.workers && queue.length > 0) {
      const { job, resolve } = queue.shift();
      active++;
      void runOne(job).then((r) => {
        active--;
        resolve(order(r));
        pump();
      });
    }
  }

  return {
    run(job) {
      if (closed) return Promise.reject(new Error('the runtime is closed'));
      return new Promise((resolve) => {
        queue.push({ job: { ...job, id: String(job.id) }, resolve });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const child of running) killGroup(child);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

function order(r) {
  const out = { id: r.id, status: r.status };
  if (r.signal !== undefined) out.signal = r.signal;
  out.outputHash =
    r.outputHash ?? 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  out.output = r.output ?? '';
  if (r.error !== undefined) out.error = r.error;
  out.timeMs = r.timeMs;
  return out;
}
