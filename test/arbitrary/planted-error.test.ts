import { describe, expect, it } from 'vitest';
import { judgeStrict, plantedErrorOf } from '../../src/arbitrary/index.js';

const source = [
  'local l0: number = 1',
  'do',
  '    local l1: any = nil',
  '    type t3 = "planted return-type"',
  '    if l1 then',
  '        local function l2(l3: number): string',
  '            return l3',
  '        end',
  '    end',
  'end',
  'print(l0)',
].join('\n');

describe('plantedErrorOf', () => {
  it('finds the marker and the lines of the statement after it, to the end of its block', () => {
    expect(plantedErrorOf(source)).toEqual({ kind: 'return-type', from: 5, to: 9 });
  });

  it('finds none in a program without a marker', () => {
    expect(plantedErrorOf('local l0: number = 1\nprint(l0)')).toBeUndefined();
  });
});

describe('judgeStrict', () => {
  it('passes a planted program whose errors are all inside the planted statement', () => {
    expect(judgeStrict(source, [7, 7]).verdict).toBe('clean');
  });

  it('reports a planted error the checker missed', () => {
    expect(judgeStrict(source, []).verdict).toBe('missed');
  });

  it('reports an error outside the planted statement, and any error in a program without one', () => {
    expect(judgeStrict(source, [7, 11])).toMatchObject({ verdict: 'extra', extra: [11] });
    expect(judgeStrict('print(1)', [1])).toMatchObject({ verdict: 'extra', extra: [1] });
    expect(judgeStrict('print(1)', []).verdict).toBe('clean');
  });
});
