import { describe, expect, it } from 'vitest';
import {
  commandTemplate,
  parseRuntime,
  runnerRuntimeArgs,
  RuntimeSpecError,
} from '../../src/runtime/profile.js';

describe('parseRuntime', () => {
  it('reads the luau-web, luau-cli and command profiles', () => {
    expect(parseRuntime('luau-web')).toEqual({ kind: 'luau-web', spec: 'luau-web' });
    expect(parseRuntime('luau-cli')).toMatchObject({
      kind: 'luau-cli',
      executable: 'luau',
      optimize: 1,
      codegen: false,
    });
    expect(parseRuntime('luau-cli:-O2:--codegen:path=/opt/luau')).toMatchObject({
      optimize: 2,
      codegen: true,
      executable: '/opt/luau',
    });
    expect(parseRuntime('command:my-luau --x {program}')).toMatchObject({
      kind: 'command',
      template: 'my-luau --x {program}',
    });
  });

  it('rejects unknown runtimes and options, and templates without {program}', () => {
    expect(() => parseRuntime('lua')).toThrow(RuntimeSpecError);
    expect(() => parseRuntime('luau-cli:-O3')).toThrow(/-O3/);
    expect(() => parseRuntime('command:luau')).toThrow(/\{program\} or \{programs\}/);
    expect(parseRuntime('command:my-luau -O2 {programs}')).toMatchObject({ kind: 'command' });
  });
});

describe('commandTemplate', () => {
  it('builds the luau command line, which takes many program files', () => {
    expect(commandTemplate(parseRuntime('luau-cli:-O0') as never)).toBe('luau -O0 {programs}');
    expect(commandTemplate(parseRuntime('luau-cli:--codegen:path=/a b/luau') as never)).toBe(
      "'/a b/luau' -O1 --codegen {programs}",
    );
  });
});

describe('runnerRuntimeArgs', () => {
  it('selects the runner runtime', () => {
    expect(runnerRuntimeArgs(parseRuntime('luau-web'))).toEqual(['--runtime', 'luau-web']);
    expect(runnerRuntimeArgs(parseRuntime('luau-cli:-O2'))).toEqual([
      '--runtime',
      'command',
      '--template',
      'luau -O2 {programs}',
    ]);
  });
});
