#!/usr/bin/env node
// @ts-check
// luau-fuzz runner: the command line of the runner that a campaign installs into a workspace
// project and starts through project_exec with the project's `node`.
//
//   node main.mjs verify [CHECKSUM]     check every file against manifest.json (exit 0 when intact)
//   node main.mjs run BATCH [options] [--data-file FILE] [--data CHUNK...]
//       runs every program of BATCH (JSON lines {id, program, module?}) and prints one JSON
//       outcome line per program, then {"done":N}; with --data the batch arrives inline,
//       gzip+base64 in chunks, with --data-file in an uploaded file of that text (removed once
//       read). Outcomes are also written to BATCH.out, which `read` serves in parts when the
//       exec output was cut (BATCH.out files are removed after 10 minutes).
//       options: --runtime luau-web|command  --template "luau -O2 {program}"  --timeout-ms N
//                --workers N  --recycle-after N  --programs-per-state N  --excerpt N
//   node main.mjs serve DIR [--idle-exit-s N]
//       the resident runner: stays up between execs and runs the batches that the submit
//       script (protocol.mjs) leaves in DIR, keeping its VM workers warm (see serve.mjs);
//       leaves after N seconds without a batch (default 300) or when DIR/stop appears
//   node main.mjs read FILE OFFSET LENGTH   prints LENGTH bytes of FILE from OFFSET
//   node main.mjs luau FILE                 runs one file like a `luau` executable would
import { createHash } from 'node:crypto';
import { existsSync, openSync, readFileSync, readSync, closeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Buffer } from 'node:buffer';
import {
  luauFiles,
  modulePrelude,
  parseLuauArgs,
  parseReadArgs,
  RunArgsError,
  runnerCommands,
  runnerManifest,
} from './protocol.mjs';
import { createRuntime, loadBatch, runJobs } from './run-batch.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message, code = 2) {
  process.stderr.write(`luau-fuzz runner: ${message}\n`);
  process.exit(code);
}

/** @param {string | undefined} expected */
function verify(expected) {
  const manifestPath = join(here, runnerManifest);
  if (!existsSync(manifestPath)) return { ok: false, reason: `no ${runnerManifest}` };
  const manifestBytes = readFileSync(manifestPath);
  const checksum = createHash('sha256').update(manifestBytes).digest('hex');
  const bad = [];
  for (const [path, sha] of Object.entries(JSON.parse(manifestBytes.toString('utf8')).files)) {
    const file = join(here, path);
    if (!existsSync(file) || createHash('sha256').update(readFileSync(file)).digest('hex') !== sha)
      bad.push(path);
  }
  const ok = bad.length === 0 && (expected === undefined || expected === checksum);
  return { ok, checksum, bad, node: process.version };
}

/** @param {string[]} args */
async function run(args) {
  const batch = loadBatch(args);
  const runtime = await createRuntime(batch.options);
  await runJobs(runtime, batch, (lines) => process.stdout.write(lines));
  await runtime.close();
}

/** @param {string[]} args */
function read(args) {
  const { file, offset, length } = parseReadArgs(args);
  const fd = openSync(file, 'r');
  const buffer = Buffer.alloc(length);
  const n = readSync(fd, buffer, 0, length, offset);
  closeSync(fd);
  process.stdout.write(buffer.subarray(0, n));
}

/** @param {string[]} args */
async function luau(args) {
  const { file } = parseLuauArgs(args);
  const { createPool } = await import('./pool.mjs');
  const pool = createPool({ workers: 1, timeoutMs: 60000, excerptChars: 1 << 30 });
  const moduleFile = join(dirname(file), luauFiles.module);
  let program = readFileSync(file, 'utf8');
  if (program.startsWith(modulePrelude)) program = program.slice(modulePrelude.length);
  const outcome = await pool.run({
    id: '1',
    program,
    module: existsSync(moduleFile) ? readFileSync(moduleFile, 'utf8') : undefined,
  });
  await pool.close();
  process.stdout.write(outcome.output);
  if (outcome.status === 'ok') return;
  if (outcome.status === 'compile-error') process.stderr.write(`SyntaxError: ${outcome.error}\n`);
  else process.stderr.write(`${outcome.error}\nstacktrace:\n${outcome.error}\n`);
  process.exitCode = outcome.status === 'crash' ? 134 : 1;
}

/**
 * Runs one subcommand; bad arguments end the runner with exit code 2 and their message.
 * @param {string | undefined} command
 * @param {string[]} rest
 */
async function main(command, rest) {
  switch (command) {
    case runnerCommands.verify: {
      const result = verify(rest[0]);
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exitCode = result.ok ? 0 : 3;
      return;
    }
    case runnerCommands.run:
      return run(rest);
    case runnerCommands.serve: {
      const { serve } = await import('./serve.mjs');
      return serve(rest);
    }
    case runnerCommands.read:
      return read(rest);
    case runnerCommands.luau:
      return luau(rest);
  }
  fail(`usage: main.mjs ${Object.values(runnerCommands).join('|')} ...`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  await main(command, rest);
} catch (e) {
  if (e instanceof RunArgsError) fail(e.message);
  throw e;
}
