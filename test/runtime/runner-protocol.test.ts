import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  emptyOutputHash,
  parseRunArgs,
  RunArgsError,
  runArgs,
  runnerDefaults,
  toOutcome,
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
