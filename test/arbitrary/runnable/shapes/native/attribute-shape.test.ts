import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LuauBatchRunner, type LuauBatchProgram } from '../../../../../src/runtime/index.js';
import { samplePrograms } from '../../../../helpers/batch-programs.js';
import { compileErrors735, haveCompiler735 } from '../../../../helpers/luau-compile-735.js';
import { haveLuau735, haveLuauTools, luau735, tools } from '../../../../helpers/luau-tools.js';
import { notAlike } from '../../../../helpers/runnable-alike.js';
import { needsShared } from '../../../../helpers/shared.js';

/**
 * What Luau's own fuzzer writes and runnable programs of the seed's grammar now write too:
 * attributes in each place and form, and integer literals negated in place.
 */
const forms: Record<string, RegExp> = {
  'a braced attribute list': /@\[(native|checked|deprecated)[^\]\n]*\] /,
  '@deprecated with its table argument': /@\[[^\]\n]*deprecated \{\}/,
  'attributes on a local function': /^\s+@[^\n]* local function l\d+\(l\d+\)$/m,
  'attributes on a function statement': /^\s+@[^\n]* function l\d+\.n\d\(l\d+\)$/m,
  'attributes on a function expression': /(= |\()@\[?(native|checked|deprecated)[^\n]* function\(/,
  'a negated integer literal': /(?<![\w.])-\d+i\b/,
  'a generic for with more variables than pairs gives': /for (l\d+, ){2,3}l\d+ in (pairs|next)/,
  'attributes Luau refuses, given to loadstring': /print\(loadstring\("@[^\n]*", "=attr"\)\)/,
};

/** An integer literal not negated in place, which 0.715 at `-O0` compiles to no load. */
const bareInteger = /(?<![\w.]|-\s*)\d[\d_]*i\b/;

const programText = (p: LuauBatchProgram): string => `${p.module ?? ''}\n${p.program}`;

describe('attributes and integer literals in runnable programs of the seed grammar', () => {
  let drawn: LuauBatchProgram[] = [];
  beforeAll(() => {
    const all = samplePrograms({ level: 'runnable', profile: 'luau' }, 43, 500);
    drawn = all.filter((p) => Object.values(forms).some((r) => r.test(programText(p))));
  });

  it.each(Object.keys(forms))('draws %s in some programs', (name) => {
    const hits = drawn.filter((p) => forms[name]!.test(programText(p))).length;
    expect(hits, `${name}: ${hits} programs`).toBeGreaterThanOrEqual(2);
  });

  it('writes no integer literal that is not negated in place', () => {
    expect(drawn.map(programText).filter((s) => bareInteger.test(s))).toEqual([]);
  });

  it.skipIf(!haveLuauTools || !haveCompiler735)(
    "compiles on Luau 0.715's and 0.735's luau-compile",
    needsShared,
    () => {
      const sources = new Map(
        drawn.flatMap((p, i) => [
          [`p${i}.luau`, p.program] as const,
          ...(p.module === undefined ? [] : [[`m${i}.luau`, p.module] as const]),
        ]),
      );
      expect(compileErrors735(sources)).toEqual([]);
      const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-attr-'));
      try {
        for (const [name, text] of sources) writeFileSync(join(dir, name), text);
        const run = spawnSync(tools().luauCompile, ['--null', ...sources.keys()], {
          cwd: dir,
          encoding: 'utf8',
        });
        const errors = (run.stdout + run.stderr).split('\n').filter((l) => /Error/.test(l));
        expect([run.status, ...errors]).toEqual([0]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!haveLuauTools || !haveLuau735)(
    'run clean alike at -O0, -O2 and --codegen on 0.715, and 0.735 prints the same',
    { ...needsShared, timeout: 180_000 },
    async () => {
      expect(drawn.length).toBeGreaterThan(20);
      expect(await notAlike(drawn)).toEqual([]);
      const batch = new LuauBatchRunner(drawn);
      try {
        const on715 = await batch.run({ luau: tools().luau, args: ['-O2'] });
        for (const args of [['-O0'], ['-O2', '--codegen']]) {
          const on735 = await batch.run({ luau: luau735, args });
          const differ = drawn.flatMap((p, i) =>
            on735[i]!.status === 'ok' && on735[i]!.stdout === on715[i]!.stdout
              ? []
              : [
                  `${args.join(' ')}: ${on735[i]!.status} ${on735[i]!.error.slice(0, 200)}\n${p.program}`,
                ],
          );
          expect(differ).toEqual([]);
        }
      } finally {
        batch.close();
      }
    },
  );
});
