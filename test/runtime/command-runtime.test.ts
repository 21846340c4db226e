import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalRuntime } from '../../src/runtime/local-runtime.js';
import type { OutcomeStatus } from '../../src/runtime/outcome.js';
import { parseRuntime } from '../../src/runtime/profile.js';
import { runnerSourceDir } from '../../src/runtime/runner-files.js';
import { realLuau } from './luau-715.js';
import { needsShared } from '../helpers/shared.js';

interface CommandModule {
  classifyExit(
    code: number | null,
    signal: string | null,
    stderr: string,
  ): { status: OutcomeStatus; signal?: string };
  parseLuauError(
    text: string,
  ): { status: OutcomeStatus; message: string; trace: string } | undefined;
}

const command = (await import(
  pathToFileURL(join(runnerSourceDir, 'command.mjs')).href
)) as CommandModule;

const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-cmd-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Standard error of the real Luau 0.715 CLI, verbatim (`luau FILE` with each file's source).
const realStderr = {
  // local = 1
  compile: "./c.luau:1: Expected identifier when parsing variable name, got '='\nstacktrace:\n",
  // print("x") error("no")
  runtime: './r.luau:2: no\nstacktrace:\n[C] function error\n./r.luau:2\n',
  // error({})
  nonString: '\nstacktrace:\n[C] function error\n./t.luau:1\n',
  // error("two\nlines", 0)
  multiLine: 'two\nlines\nstacktrace:\n[C] function error\n./m.luau:1\n',
};

describe('parseLuauError', () => {
  it('splits the message from the stack trace, which is empty for code that never ran', () => {
    expect(command.parseLuauError(realStderr.compile)).toEqual({
      status: 'compile-error',
      message: "./c.luau:1: Expected identifier when parsing variable name, got '='",
      trace: '',
    });
    expect(command.parseLuauError(realStderr.runtime)).toEqual({
      status: 'runtime-error',
      message: './r.luau:2: no',
      trace: '[C] function error\n./r.luau:2',
    });
    expect(command.parseLuauError(realStderr.nonString)).toMatchObject({
      status: 'runtime-error',
      message: '',
    });
    expect(command.parseLuauError(realStderr.multiLine)).toMatchObject({
      status: 'runtime-error',
      message: 'two\nlines',
    });
    expect(command.parseLuauError('Error opening x.luau\n')).toBeUndefined();
  });
});

describe('classifyExit', () => {
  it('reads the compile versus runtime split of the Luau CLI', () => {
    expect(command.classifyExit(0, null, '')).toEqual({ status: 'ok' });
    expect(command.classifyExit(1, null, realStderr.compile)).toEqual({ status: 'compile-error' });
    expect(command.classifyExit(1, null, realStderr.runtime)).toEqual({ status: 'runtime-error' });
    expect(command.classifyExit(1, null, realStderr.nonString)).toEqual({
      status: 'runtime-error',
    });
    // The stand-in's `SyntaxError:` is not what the CLI prints: no special meaning.
    expect(command.classifyExit(1, null, 'SyntaxError: x\n')).toEqual({ status: 'runtime-error' });
  });

  it('tells signals (and shell exit codes 128+n) apart from errors', () => {
    expect(command.classifyExit(null, 'SIGSEGV', '')).toEqual({
      status: 'crash',
      signal: 'SIGSEGV',
    });
    expect(command.classifyExit(134, null, '')).toEqual({ status: 'crash', signal: 'SIGABRT' });
    expect(command.classifyExit(2, null, '')).toEqual({ status: 'runtime-error' });
  });

  it.skipIf(realLuau === undefined)(
    'classifies what the real luau prints',
    needsShared,
    async () => {
      const run = async (source: string) => {
        const file = join(dir, 'live.luau');
        writeFileSync(file, source);
        try {
          await promisify(execFile)(realLuau!, [file]);
          return command.classifyExit(0, null, '');
        } catch (e) {
          const err = e as { code: number; signal: string | null; stderr: string };
          return command.classifyExit(err.code, err.signal, err.stderr);
        }
      };
      expect(await run('print(1)')).toEqual({ status: 'ok' });
      expect(await run('local = 1')).toEqual({ status: 'compile-error' });
      expect(await run('local x = 1 +')).toEqual({ status: 'compile-error' });
      expect(await run('error("no")')).toEqual({ status: 'runtime-error' });
      expect(await run('error({})')).toEqual({ status: 'runtime-error' });
      expect(await run('local t = nil; print(t.x)')).toEqual({ status: 'runtime-error' });
    },
  );
});

describe.skipIf(realLuau === undefined)('createLocalRuntime (real luau)', needsShared, () => {
  it('runs a batch: outcomes, output, messages as `luau program.luau` prints them', async () => {
    const rt = await createLocalRuntime(parseRuntime(`luau-cli:-O2:path=${realLuau}`), {
      workers: 2,
      timeoutMs: 20_000,
    });
    try {
      const [ok, compile, runtime, withModule, typeFunction, twin] = await Promise.all([
        rt.run({ id: 'ok', program: 'print(6 * 7, "a", nil)' }),
        rt.run({ id: 'c', program: 'local = 1' }),
        rt.run({ id: 'r', program: 'print("before")\nerror("no")' }),
        rt.run({
          id: 'm',
          program: 'local m = require(module0)\nprint(m.k, require(module1) == m)',
          module: 'print("loaded")\nreturn { k = "v" }',
        }),
        // A type function may not reference an outer local: module0 must be a global.
        rt.run({
          id: 't',
          program:
            'type function f() local m = require(module0) return types.number end\nlocal x: f<> = 1\nprint(x)',
          module: 'return 1',
        }),
        rt.run({ id: 'twin', program: 'print(6 * 7, "a", nil)' }),
      ]);
      expect(ok).toMatchObject({ status: 'ok', output: '42\ta\tnil\n' });
      expect(twin).toMatchObject({ id: 'twin', status: 'ok', outputHash: ok.outputHash });
      expect(compile).toMatchObject({
        status: 'compile-error',
        error: "./program.luau:1: Expected identifier when parsing variable name, got '='",
      });
      expect(runtime).toMatchObject({ status: 'runtime-error', output: 'before\n' });
      expect(runtime.error).toMatch(/^\.\/program\.luau:2: no\nstacktrace:\n/);
      expect(withModule).toMatchObject({ status: 'ok', output: 'loaded\nv\ttrue\n' });
      expect(typeFunction).toMatchObject({ status: 'ok', output: '1\n' });
    } finally {
      await rt.close();
    }
  });

  it('passes the optimisation level: -O0 and -O2 of Luau 0.715 disagree on integer constants', async () => {
    // A fault of the real 0.715 build (not of the runtime): at -O0 an integer constant loads
    // as another constant.
    const job = { id: 'i', program: 'local x = 5i\nprint(typeof(x))' };
    const o0 = await createLocalRuntime(parseRuntime(`luau-cli:-O0:path=${realLuau}`));
    const o2 = await createLocalRuntime(parseRuntime(`luau-cli:-O2:--codegen:path=${realLuau}`));
    try {
      expect((await o2.run(job)).output).toBe('integer\n');
      expect((await o0.run(job)).output).not.toBe('integer\n');
    } finally {
      await Promise.all([o0.close(), o2.close()]);
    }
  });

  it('compiles only, module included, without running anything', async () => {
    const rt = await createLocalRuntime(parseRuntime(`luau-cli:path=${realLuau}`), {
      timeoutMs: 20_000,
    });
    try {
      const [loop, badModule] = await Promise.all([
        rt.run({ id: 'l', program: 'print(1) while true do end' }, { compileOnly: true }),
        rt.run({ id: 'b', program: 'print(1)', module: 'return (' }, { compileOnly: true }),
      ]);
      expect(loop).toMatchObject({ status: 'ok', output: '' });
      expect(badModule.status).toBe('compile-error');
      expect(badModule.error).toMatch(/^\.\/module0\.luau:1: /);
    } finally {
      await rt.close();
    }
  });

  it('isolates a timeout in a batch: the programs around it keep their outcomes', async () => {
    const rt = await createLocalRuntime(parseRuntime(`luau-cli:path=${realLuau}`), {
      timeoutMs: 1500,
    });
    try {
      const jobs = Array.from({ length: 9 }, (_, i) =>
        i === 4
          ? { id: String(i), program: 'print("start") while true do end' }
          : { id: String(i), program: `print(${i} * 2)` },
      );
      const outcomes = await Promise.all(jobs.map((j) => rt.run(j)));
      expect(outcomes[4]).toMatchObject({ status: 'timeout' });
      outcomes.forEach((o, i) => {
        if (i !== 4) expect(o).toMatchObject({ id: String(i), status: 'ok', output: `${i * 2}\n` });
      });
    } finally {
      await rt.close();
    }
  });

  it('isolates a crash in a batch and confirms it alone', async () => {
    // A CLI that runs each file with the real luau and dies at a file that says CRASH (of a
    // signal, or with a shell's exit code for one): what a faulty build does mid-batch.
    for (const [die, signal] of [
      ['kill -SEGV $$', 'SIGSEGV'],
      ['exit 134', 'SIGABRT'],
    ] as const) {
      const wrapper = join(dir, `crashing-luau-${signal}`);
      writeFileSync(
        wrapper,
        `#!/bin/sh\nfor f; do\n  if grep -q CRASH "$f"; then ${die}; fi\n  ${JSON.stringify(realLuau)} "$f"\ndone\n`,
      );
      chmodSync(wrapper, 0o755);
      const rt = await createLocalRuntime(parseRuntime(`command:${wrapper} {programs}`), {
        timeoutMs: 20_000,
      });
      try {
        const jobs = Array.from({ length: 7 }, (_, i) => ({
          id: String(i),
          program: i === 2 ? 'print("CRASH")' : `print(${i})`,
        }));
        const outcomes = await Promise.all(jobs.map((j) => rt.run(j)));
        expect(outcomes[2]).toMatchObject({ status: 'crash', signal, retried: true });
        outcomes.forEach((o, i) => {
          if (i !== 2) expect(o).toMatchObject({ status: 'ok', output: `${i}\n` });
        });
      } finally {
        await rt.close();
      }
    }
  });
});

describe('createLocalRuntime (one process per program)', () => {
  it('rejects the run, naming the executable, when the command does not start', async () => {
    const missing = join(dir, 'no-such-luau');
    for (const spec of [`luau-cli:path=${missing}`, `command:${missing} {program}`]) {
      const rt = await createLocalRuntime(parseRuntime(spec));
      try {
        await expect(rt.run({ id: '1', program: 'print(1)' })).rejects.toThrow(
          `cannot start ${missing}`,
        );
      } finally {
        await rt.close();
      }
    }
  });

  it('reports signals, shell signal exit codes and time limits of a command', async () => {
    const rt = await createLocalRuntime(parseRuntime('command:sh -c "kill -SEGV $$" {program}'), {
      timeoutMs: 1000,
    });
    const shellCode = await createLocalRuntime(parseRuntime('command:sh -c "exit 134" {program}'));
    const slow = await createLocalRuntime(parseRuntime('command:sh -c "sleep 30" {program}'), {
      timeoutMs: 300,
    });
    try {
      expect(await rt.run({ id: 's', program: '' })).toMatchObject({
        status: 'crash',
        signal: 'SIGSEGV',
      });
      expect(await shellCode.run({ id: 'a', program: '' })).toMatchObject({
        status: 'crash',
        signal: 'SIGABRT',
      });
      expect((await slow.run({ id: 't', program: '' })).status).toBe('timeout');
    } finally {
      await Promise.all([rt.close(), shellCode.close(), slow.close()]);
    }
  });

  it.skipIf(realLuau === undefined)(
    'runs {program} templates with the same files and messages as batches',
    needsShared,
    async () => {
      const rt = await createLocalRuntime(parseRuntime(`command:${realLuau} -O2 {program}`));
      try {
        expect(
          await rt.run({ id: 'm', program: 'print(require(module0))', module: 'return 7' }),
        ).toMatchObject({ status: 'ok', output: '7\n' });
        expect(await rt.run({ id: 'c', program: 'local = 1' })).toMatchObject({
          status: 'compile-error',
          error: "./program.luau:1: Expected identifier when parsing variable name, got '='",
        });
      } finally {
        await rt.close();
      }
    },
  );
});
