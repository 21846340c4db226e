import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  FORMAT_CONVERSIONS,
  formatArgument,
  withFormatArguments,
} from '../../../../src/arbitrary/runnable/library/format-conversions.js';
import { haveLuauTools, tools } from '../../../helpers/luau-tools.js';
import { needsShared } from '../../../helpers/shared.js';
import { tempDirs } from '../../../helpers/temp-dirs.js';

describe('formatArgument', () => {
  const tempDir = tempDirs('format-conversions-');
  it('reads the conversion after flags, width and precision, and text after it', () => {
    expect(
      withFormatArguments(['%d', '%-4d|', '%+.4e', '%08.3f', '%.3s', '%#x', '% d', '%q']),
    ).toEqual([
      ['%d', 'int'],
      ['%-4d|', 'int'],
      ['%+.4e', 'num'],
      ['%08.3f', 'num'],
      ['%.3s', 'str'],
      ['%#x', 'int'],
      ['% d', 'int'],
      ['%q', 'str'],
    ]);
  });

  it('refuses a specifier whose conversion takes no value, naming it', () => {
    expect(() => formatArgument('%%')).toThrow("format specifier '%%' has no conversion");
    expect(() => formatArgument('%k')).toThrow("'%k'");
    expect(() => formatArgument('plain')).toThrow("'plain'");
  });

  it.skipIf(!haveLuauTools)(
    'matches what Luau 0.715 string.format takes: numbers for the numeric conversions, strings for %s and %q',
    needsShared,
    () => {
      const lines = Object.entries(FORMAT_CONVERSIONS).map(([c, kind]) => {
        const [right, wrong] = kind === 'str' ? ['"ab"', '{}'] : ['65', '"x"'];
        return `print("${c}", (pcall(string.format, "%${c}", ${right})), (pcall(string.format, "%${c}", ${wrong})))`;
      });
      const file = join(tempDir(), 'conversions.luau');
      writeFileSync(file, lines.join('\n') + '\n');
      const out = execFileSync(tools().luau, [file], { encoding: 'utf8' });
      expect(out.trim().split('\n')).toEqual(
        Object.keys(FORMAT_CONVERSIONS).map((c) => `${c}\ttrue\tfalse`),
      );
    },
  );
});
