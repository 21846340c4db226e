import { describe, expect, it } from 'vitest';
import { checkerCause, constructAt } from '../../src/campaign/index.js';

describe('constructAt', () => {
  it('names a call, the call around an argument, or the token, with names as their class', () => {
    expect(constructAt('print(rawget(l1, "n0"))', 1, 7)).toBe('call rawget');
    // One cause whatever the argument is: the call it is an argument of.
    expect(constructAt('local l3 = pcall(error, math.max(1, 2), 0)', 1, 25)).toBe(
      'argument of pcall',
    );
    expect(constructAt('local l4 = pcall(error, 2 // 0, 0)', 1, 25)).toBe('argument of pcall');
    expect(constructAt('x\nlocal l4 = l2.n3(1)', 2, 12)).toBe('call local.field');
    expect(constructAt('if (assert(l1)) < 0 then end', 1, 4)).toBe('parenthesized call assert');
    expect(constructAt('local l4: number = 12', 1, 1)).toBe('local');
    expect(constructAt('l1 = 12', 1, 6)).toBe('number');
    expect(constructAt('l1 = l2 // 3', 1, 9)).toBe('//');
  });
});

describe('checkerCause', () => {
  it('tells one message at two constructs apart, and keeps kind, mode and detail', () => {
    const detail = "TypeError: Expected this to be '…', but got '…'";
    const rawget = 'local l1: {n0: number} = {n0 = 0}\nprint(rawget(l1, "n0"))';
    const fp = (program: string, line: number, col: number) =>
      checkerCause(program, {
        kind: 'checker-false-positive',
        mode: 'new',
        detail,
        output: `./d3/program.luau(${line},${col}): TypeError: Expected this to be 'T', but got 'number'`,
      });
    expect(fp(rawget, 2, 7)).toBe(`checker-false-positive · new · ${detail} · call rawget`);
    const pcall = 'local l4, l5 = pcall(error, 2 // 0, 0)';
    expect(fp(pcall, 1, 29)).toBe(`checker-false-positive · new · ${detail} · argument of pcall`);
  });

  it('names a missed planted error by the statement its guard holds, a crash by its detail alone', () => {
    const program = [
      'local l4: any = nil',
      'type t0 = "planted setmetatable-target"',
      'if l4 then',
      '    setmetatable(l4, {})',
      'end',
    ].join('\n');
    const missed = {
      kind: 'checker-missed' as const,
      detail: 'planted setmetatable-target',
      output: '',
    };
    expect(checkerCause(program, missed)).toBe(
      'checker-missed · planted setmetatable-target · call setmetatable',
    );
    const crash = {
      kind: 'checker-crash' as const,
      detail: 'killed by SIGILL',
      output: '',
      mode: 'all',
    };
    expect(checkerCause(program, crash)).toBe('checker-crash · all · killed by SIGILL');
  });
});
