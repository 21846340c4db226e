import { describe, expect, it } from 'vitest';
import { grammarOfRuntimes, parseRuntime, runtimeTakes } from '../../src/runtime/index.js';
import { grammar715, grammar735 } from '../../src/tree/index.js';

describe('luau-735 runtimes', () => {
  it("is a luau-cli whose first option is Luau 0.735's fuzzer flags", () => {
    const p = parseRuntime('luau-735:path=/opt/luau-735/luau:-O2:--codegen');
    expect(p).toMatchObject({
      kind: 'luau-cli',
      executable: '/opt/luau-735/luau',
      options: [
        '--fflags=true,DebugLuauUserDefinedClasses=true,DebugLuauUserDefinedClassesRuntime=true',
        '-O2',
        '--codegen',
      ],
      optimize: 2,
      codegen: true,
    });
    expect(parseRuntime('luau-735')).toMatchObject({
      executable: 'luau',
      options: ['-O1', expect.stringMatching(/^--fflags=true,/)],
    });
  });

  it('takes a path with a / as the executable, in luau-cli and luau-735 alike', () => {
    expect(parseRuntime('luau-cli:/opt/luau-715/luau:-O2')).toMatchObject({
      executable: '/opt/luau-715/luau',
      options: ['-O2'],
    });
    expect(parseRuntime('luau-735:./luau')).toMatchObject({ executable: './luau' });
    expect(() => parseRuntime('luau-cli:O2')).toThrow(/'O2' in a luau-cli spec is not an option/);
  });
});

describe('the grammar of runtimes', () => {
  it('is 735 for a luau-cli whose flags turn on the class flags, read as the Luau CLI reads them', () => {
    const takes735 = (spec: string) => runtimeTakes(parseRuntime(spec), grammar735);
    expect(takes735('luau-735:-O2')).toBe(true);
    expect(
      takes735(
        'luau-cli:--fflags=DebugLuauUserDefinedClasses,DebugLuauUserDefinedClassesRuntime=True',
      ),
    ).toBe(true);
    // `true` turns on the flags named Luau…, not DebugLuau…; a later option wins.
    expect(takes735('luau-cli:--fflags=true')).toBe(false);
    expect(takes735('luau-735:--fflags=DebugLuauUserDefinedClassesRuntime=false')).toBe(false);
    expect(takes735('luau-cli:-O2')).toBe(false);
    expect(takes735('luau-web')).toBe(false);
    expect(takes735('command:./luau {program}')).toBe(true);
    expect(runtimeTakes(parseRuntime('luau-web'), grammar715)).toBe(true);
  });

  it('follows the runtimes: 735 when one implies it and every one takes it', () => {
    expect(grammarOfRuntimes(['luau-735:-O0', 'luau-735:-O2:--codegen'])).toBe(grammar735);
    expect(grammarOfRuntimes(['luau-735:-O2', 'command:./luau {program}'])).toBe(grammar735);
    expect(grammarOfRuntimes(['luau-735:-O2', 'luau-cli:/opt/luau-715/luau:-O2'])).toBe(grammar715);
    expect(grammarOfRuntimes(['luau-735:-O2', 'luau-web'])).toBe(grammar715);
    expect(grammarOfRuntimes(['command:./luau {program}'])).toBe(grammar715);
    expect(grammarOfRuntimes([])).toBe(grammar715);
  });
});
