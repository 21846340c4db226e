import { describe, expect, it } from 'vitest';
import {
  batchFailureStops,
  isTransient,
  requeued,
  STALL_MS,
  timedOut,
} from '../../src/campaign/batch-failures.js';
import {
  AuthenticationError,
  ExecTimeoutError,
  GatewayError,
  HubTimeoutError,
  NonZeroExitError,
  RequestTimeoutError,
} from '../../src/workspace/client/index.js';

describe('batch failures', () => {
  it('waits out a slow workspace until no batch has finished for the stall time', () => {
    const slow = { inARow: 6, max: 6, transient: true };
    expect(batchFailureStops({ ...slow, sinceProgressMs: 60_000 })).toBe(false);
    expect(batchFailureStops({ ...slow, sinceProgressMs: STALL_MS })).toBe(true);
    expect(batchFailureStops({ ...slow, inARow: 5, sinceProgressMs: 10 * STALL_MS })).toBe(false);
  });

  it('stops at the most failures in a row when the workspace is broken, not slow', () => {
    expect(batchFailureStops({ inARow: 6, max: 6, transient: false, sinceProgressMs: 1000 })).toBe(
      true,
    );
  });

  it('tells slow answers from broken ones', () => {
    expect(isTransient(new RequestTimeoutError('no answer from exec within 30000 ms'))).toBe(true);
    expect(isTransient(new ExecTimeoutError('Command timed out'))).toBe(true);
    expect(isTransient(new GatewayError('HTTP 502', '', {}, null))).toBe(true);
    expect(isTransient(new HubTimeoutError('hub'))).toBe(true);
    expect(isTransient(new AuthenticationError('no key'))).toBe(false);
    expect(isTransient(new NonZeroExitError('exit 1', 1, '', {}))).toBe(false);
    expect(isTransient(new Error('luau: not found'))).toBe(false);
  });

  it('runs a batch that ran out of time again as its halves, every program once', () => {
    const batch = [1, 2, 3, 4, 5];
    expect(requeued(batch, true)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(requeued(batch, false)).toEqual([batch]);
    expect(requeued([7], true)).toEqual([[7]]);
    expect(timedOut(new RequestTimeoutError('late'))).toBe(true);
    expect(timedOut(new GatewayError('HTTP 502', '', {}, null))).toBe(false);
  });
});
