import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patternCaptures } from '../../../../src/arbitrary/runnable/library/pattern-captures.js';
import { haveLuauTools, tools } from '../../../helpers/luau-tools.js';
import { needsShared } from '../../../helpers/shared.js';
import { tempDirs } from '../../../helpers/temp-dirs.js';

/** Patterns by what they hold: captures, position captures, sets, escapes, balances, frontiers. */
const patterns = [
  '(%a+)',
  '(%w+)=(%w+)',
  '^(.-)%s*$',
  '(%d+)()',
  '()(%w)',
  '(%b())()',
  '[%a_][%w_]*',
  '([^,]+),?',
  '[(]',
  '[]()]+',
  '[^]]',
  '%(',
  '%[(%a)%]',
  '%S+',
  '%b()',
  '(%a)(%a?)',
  '%f[%w]%w+',
];

/** A subject every pattern above matches. */
const SUBJECT = 'ab12 (cd) k=v,[x] ]';

describe('patternCaptures', () => {
  const tempDir = tempDirs('pattern-captures-');

  it('reads string and position captures, skipping escaped, balanced and set parentheses', () => {
    expect(patternCaptures('(%d+)()')).toEqual(['s', 'p']);
    expect(patternCaptures('()(%w)')).toEqual(['p', 's']);
    expect(patternCaptures('%b()')).toEqual([]);
    expect(patternCaptures('%[(%a)%]')).toEqual(['s']);
    expect(patternCaptures('[]()]+')).toEqual([]);
  });

  it.skipIf(!haveLuauTools)(
    'agrees with what string.match returns in Luau 0.715 (the whole match where none)',
    needsShared,
    () => {
      const script = [
        'local function kinds(...)',
        '  local out = {}',
        "  for i = 1, select('#', ...) do out[i] = type((select(i, ...))) == 'number' and 'p' or 's' end",
        "  return table.concat(out, ',')",
        'end',
        ...patterns.map(
          (p) => `print(kinds(string.match(${JSON.stringify(SUBJECT)}, ${JSON.stringify(p)})))`,
        ),
      ];
      const file = join(tempDir(), 'captures.luau');
      writeFileSync(file, script.join('\n') + '\n');
      const out = execFileSync(tools().luau, [file], { encoding: 'utf8' });
      expect(out.trim().split('\n')).toEqual(
        patterns.map((p) => {
          const captures = patternCaptures(p);
          return captures.length === 0 ? 's' : captures.join(',');
        }),
      );
    },
  );
});
