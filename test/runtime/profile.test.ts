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

  it('passes every other option of a luau-cli spec through, in order', () => {
    const spec = 'luau-cli:--codegen-cold:-O2:--jit-inliner:--fflags=LuauA=true,LuauB=false:-g2';
    expect(parseRuntime(`${spec}:path=/opt/luau-735/luau`)).toMatchObject({
      executable: '/opt/luau-735/luau',
      options: ['--codegen-cold', '-O2', '--jit-inliner', '--fflags=LuauA=true,LuauB=false', '-g2'],
      optimize: 2,
      codegen: false,
    });
    // No -O<n>: the CLI's default, said first.
    expect(parseRuntime('luau-cli:--jit-inliner')).toMatchObject({
      options: ['-O1', '--jit-inliner'],
      optimize: 1,
    });
    expect(parseRuntime('luau-cli:-O0:-O2')).toMatchObject({
      options: ['-O0', '-O2'],
      optimize: 2,
    });
  });

  it('names what is not an option of a luau-cli spec, and why', () => {
    // `:` separates the parts: the rest of an option with one is not an option.
    expect(() => parseRuntime('luau-cli:--fflags=A=true:B=false')).toThrow(
      /'B=false' in a luau-cli spec is not an option .*cannot contain one: run such an executable with command:TEMPLATE/,
    );
    expect(() => parseRuntime('luau-cli:codegen')).toThrow(/'codegen' .* is not an option/);
    expect(() => parseRuntime('luau-cli::-O2')).toThrow(/'' in a luau-cli spec is not an option/);
    expect(() => parseRuntime('luau-cli:--')).toThrow(/'--' in a luau-cli spec is not an option/);
    // Every option the profile cannot take, in its short and long form.
    for (const [options, why] of [
      [['-a', '--program-args'], /makes the program files arguments/],
      [['-i', '--interactive'], /waits for input/],
      [['-h', '--help'], /prints the usage/],
    ] as const)
      for (const option of options)
        expect(() => parseRuntime(`luau-cli:${option}`)).toThrow(
          new RegExp(`'${option}' is not allowed: it ${why.source}`),
        );
    expect(() => parseRuntime('luau-cli:--fflags=A b')).toThrow(/holds " ", which a command/);
    expect(() => parseRuntime("luau-cli:--x='y'")).toThrow(/holds "'"/);
    expect(() => parseRuntime('luau-cli:--x={programs}')).toThrow(/holds "\{"/);
  });

  it('rejects unknown runtimes and options, and templates without {program}', () => {
    expect(() => parseRuntime('lua')).toThrow(RuntimeSpecError);
    expect(() => parseRuntime('luau-cli:-O3')).toThrow(/-O3/);
    expect(() => parseRuntime('luau-cli:-O')).toThrow(
      /unknown luau-cli option '-O' \(the optimisation level/,
    );
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
    expect(
      commandTemplate(parseRuntime('luau-cli:-O2:--codegen-cold:--fflags=A=true,B=false') as never),
    ).toBe('luau -O2 --codegen-cold --fflags=A=true,B=false {programs}');
    expect(commandTemplate(parseRuntime('luau-cli:--fflags=$A=true') as never)).toBe(
      "luau -O1 '--fflags=$A=true' {programs}",
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
