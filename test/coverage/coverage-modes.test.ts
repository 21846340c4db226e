import { describe, expect, it } from 'vitest';
import {
  componentOf,
  coverageModes,
  defaultCoverageModes,
  parseCoverageModes,
} from '../../src/coverage/index.js';

describe('defaultCoverageModes', () => {
  it('runs runnable programs at -O0 and -O2 with native code, type checks typed ones too, compiles the rest', () => {
    expect(defaultCoverageModes('runnable').map((m) => coverageModes[m])).toEqual([
      { tool: 'luau', args: ['-O0'] },
      { tool: 'luau', args: ['-O2', '--codegen'] },
    ]);
    expect(defaultCoverageModes('typed')).toEqual(['run-O0', 'run-O2-codegen', 'analyze-strict']);
    for (const level of ['schema', 'syntax', 'scoped'] as const)
      expect(defaultCoverageModes(level)).toEqual(['compile-O2']);
  });
});

describe('parseCoverageModes', () => {
  it('takes a comma-separated list once each, and names an unknown mode with the known ones', () => {
    expect(parseCoverageModes('run-O0, analyze-strict,run-O0')).toEqual([
      'run-O0',
      'analyze-strict',
    ]);
    expect(() => parseCoverageModes('run-O0,run-O3')).toThrow(
      /^unknown mode 'run-O3' \(known: run-O0, run-O1, .*analyze-strict, analyze, analyze-strict-new-solver\)$/,
    );
    expect(() => parseCoverageModes(' , ')).toThrow('no mode given');
  });
});

describe('componentOf', () => {
  it('is the folder that holds src/ or include/, the last such in the path', () => {
    expect(componentOf('/tmp/llcov/luau/Ast/include/Luau/Ast.h')).toBe('Ast');
    expect(componentOf('/home/me/src/luau/VM/src/lvmexecute.cpp')).toBe('VM');
    expect(componentOf('C:\\luau\\CodeGen\\src\\IrLoweringX64.cpp')).toBe('CodeGen');
    expect(componentOf('main.cpp')).toBe('other');
  });
});
