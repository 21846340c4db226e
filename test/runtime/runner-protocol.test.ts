import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  batchFiles,
  decodeBatch,
  emptyOutputHash,
  encodeBatch,
  parseBatchLines,
  parseReadArgs,
  parseRunArgs,
  parseServeArgs,
  readArgs,
  residentIdleExitSeconds,
  RunArgsError,
  runArgs,
  runCommandArgs,
  runnerCommands,
  runnerDefaults,
  serveArgs,
  toOutcome,
  verifyArgs,
} from '../../runner/protocol.mjs';
import { parseOutcomeLine } from '../../src/runtime/outcome.js';
import { runnerSourceDir } from '../../src/runtime/runner-files.js';

describe('runArgs', () => {
  it('passes every option given as its flag, and those left out not at all', () => {
    const args = runArgs({ runtime: 'command', template: 'luau {programs}', timeoutMs: 500 });
    expect(args).toEqual([
      '--runtime',
      'command',
      '--template',
      'luau {programs}',
      '--timeout-ms',
      '500',
    ]);
    expect(runArgs({})).toEqual([]);
  });
});

describe('parseRunArgs', () => {
  it('reads back what runArgs wrote, the positional arguments and the inline batch', () => {
    const options = {
      runtime: 'luau-web',
      timeoutMs: 700,
      workers: 3,
      recycleAfter: 50,
      programsPerState: 20,
      excerptChars: 64,
    } as const;
    const parsed = parseRunArgs(['batch.jsonl', ...runArgs(options), '--data', 'AAA', 'BBB']);
    expect(parsed).toEqual({ options, positional: ['batch.jsonl'], data: ['AAA', 'BBB'] });
  });

  it('names the flag of an unknown option, a missing value and a bad number', () => {
    expect(() => parseRunArgs(['--timeout', '5'])).toThrow(
      new RunArgsError('unknown option --timeout'),
    );
    expect(() => parseRunArgs(['b', '--workers'])).toThrow(/--workers needs a value/);
    expect(() => parseRunArgs(['--workers', '0'])).toThrow(/--workers must be a positive integer/);
    expect(() => parseRunArgs(['--runtime', 'lua'])).toThrow(
      /--runtime must be luau-web or command/,
    );
  });

  it('is what main.mjs run reads: a bad flag ends the runner with its name', () => {
    const r = spawnSync(
      process.execPath,
      [join(runnerSourceDir, 'main.mjs'), 'run', 'x.jsonl', '--excerpt', '-1'],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--excerpt must be a positive integer');
  });
});

describe('toOutcome', () => {
  it('orders the fields as an outcome line, with the empty output by default', () => {
    const line = JSON.stringify(
      toOutcome({ timeMs: 2, status: 'crash', signal: 'SIGSEGV' }, { id: '4', retried: true }),
    );
    expect(line).toBe(
      `{"id":"4","status":"crash","signal":"SIGSEGV","outputHash":"${emptyOutputHash}","output":"","timeMs":2,"retried":true}`,
    );
    expect(parseOutcomeLine(line)).toMatchObject({ id: '4', status: 'crash', retried: true });
  });
});

describe('runnerDefaults', () => {
  it('holds the defaults both sides use', () => {
    expect(runnerDefaults).toMatchObject({
      timeoutMs: 2000,
      excerptChars: 512,
      payloadChars: 1_000_000,
    });
  });
});

describe('encodeBatch and decodeBatch', () => {
  it('carry the jobs across, a missing module and all', () => {
    const jobs = [
      { id: '1', program: 'print(1)' },
      { id: '2', program: 'print(require(module0))', module: 'return 2' },
    ];
    expect(decodeBatch(encodeBatch(jobs), 'the batch')).toEqual(jobs);
  });

  it('name the line and the field of a bad job, and text that is not a batch', () => {
    expect(() => parseBatchLines('{"id":"1","program":"x"}\n{"id":"2"}\n', 'batch b')).toThrow(
      new RunArgsError('line 2 of batch b: "program" must be a string'),
    );
    expect(() => parseBatchLines('{"id":"1","program":"x","module":3}', 'batch b')).toThrow(
      /line 1 of batch b: "module" must be a string or null/,
    );
    expect(() => parseBatchLines('[1]', 'batch b')).toThrow(
      /line 1 of batch b is not a JSON object/,
    );
    expect(() => parseBatchLines('{', 'batch b')).toThrow(/line 1 of batch b is not JSON/);
    expect(() => decodeBatch('not base64 gzip', 'the inline batch')).toThrow(
      /the inline batch is not gzip \+ base64/,
    );
  });

  it('is what main.mjs run reads: a bad job ends the runner with its line', () => {
    const data = gzipSync(Buffer.from('{"id":"1","program":7}\n')).toString('base64');
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-protocol-'));
    try {
      const r = spawnSync(
        process.execPath,
        [
          join(runnerSourceDir, 'main.mjs'),
          ...runCommandArgs(join(dir, 'b.jsonl'), {}, { data: [data] }),
        ],
        { encoding: 'utf8' },
      );
      expect(r.status).toBe(2);
      expect(r.stderr).toContain('line 1 of the inline batch');
      expect(r.stderr).toContain('"program" must be a string');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the arguments of each subcommand', () => {
  it('are read back by the parser of the same subcommand', () => {
    const [run, path, ...rest] = runCommandArgs('b/x.jsonl', { timeoutMs: 5 }, { dataFile: 'u' });
    expect(run).toBe(runnerCommands.run);
    expect(parseRunArgs([path!, ...rest])).toEqual({
      options: { timeoutMs: 5 },
      positional: ['b/x.jsonl'],
      data: [],
      dataFile: 'u',
    });
    const [serve, ...serveRest] = serveArgs('d', { idleExitSeconds: 9 });
    expect(serve).toBe(runnerCommands.serve);
    expect(parseServeArgs(serveRest)).toEqual({ dir: 'd', idleExitSeconds: 9 });
    expect(parseServeArgs(serveArgs('d').slice(1)).idleExitSeconds).toBe(residentIdleExitSeconds);
    const [read, ...readRest] = readArgs('f.out', 10, 20);
    expect(read).toBe(runnerCommands.read);
    expect(parseReadArgs(readRest)).toEqual({ file: 'f.out', offset: 10, length: 20 });
    expect(verifyArgs('abc')).toEqual([runnerCommands.verify, 'abc']);
  });

  it('name what is wrong', () => {
    expect(() => parseServeArgs(['d', '--idle-exit-s', '0'])).toThrow(
      /--idle-exit-s must be a positive integer/,
    );
    expect(() => parseServeArgs([])).toThrow(/serve needs a DIR/);
    expect(() => parseReadArgs(['f', '-1', '5'])).toThrow(/usage: read FILE OFFSET LENGTH/);
    expect(() => batchFiles('dir', 'a/b')).toThrow(/bad batch name 'a\/b'/);
    expect(batchFiles('dir', 'b1')).toEqual({
      batch: 'dir/b1.jsonl',
      upload: 'dir/b1.jsonl.b64',
      results: 'dir/b1.jsonl.out',
    });
  });
});
