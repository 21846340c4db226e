import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LuauBatchProgram } from '../../../../../src/runtime/index.js';
import { samplePrograms } from '../../../../helpers/batch-programs.js';
import { haveLuauTools, tools } from '../../../../helpers/luau-tools.js';
import { notAlike } from '../../../../helpers/runnable-alike.js';
import { needsShared } from '../../../../helpers/shared.js';

/** The chunk given to `loadstring` that assigns the global the program reads. */
const defines = 'loadstring("local v, h = ... n40 = {n0 = {n1 = v, n2 = h}}", "=g")';

describe('importShape: a global assigned only by a loaded chunk, read through imports', () => {
  let drawn: LuauBatchProgram[] = [];
  beforeAll(() => {
    drawn = samplePrograms({ level: 'runnable', profile: 'luau' }, 3, 2000).filter((p) =>
      p.program.includes(defines),
    );
  });

  it('is drawn in some programs of the luau profile, never in luau-web', () => {
    expect(drawn.length).toBeGreaterThanOrEqual(8);
    const web = samplePrograms({ level: 'runnable', profile: 'luau-web' }, 3, 600);
    expect(web.filter((p) => p.program.includes('n40')).length).toBe(0);
  });

  it.skipIf(!haveLuauTools)(
    'compiles its chains of one, two and three names to imports',
    needsShared,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-import-'));
      try {
        const file = join(dir, 'p.luau');
        writeFileSync(file, drawn[0]!.program);
        const run = spawnSync(tools().luauCompile, ['--text', '-O2', file], { encoding: 'utf8' });
        const imports = new Set(run.stdout.match(/(?<=GETIMPORT R\d+ \d+ \[)n40[\w.]*(?=\])/g));
        expect([...imports].sort()).toEqual(['n40', 'n40.n0', 'n40.n0.n1', 'n40.n0.n2']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!haveLuauTools)(
    'runs clean alike at -O0, -O2 and --codegen on 0.715, printing fixed lengths of addresses',
    { ...needsShared, timeout: 180_000 },
    async () => {
      expect(await notAlike(drawn)).toEqual([]);
      const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-import-'));
      try {
        const file = join(dir, 'p.luau');
        writeFileSync(file, drawn.find((p) => p.module === undefined)!.program);
        const run = spawnSync(tools().luau, [file], { encoding: 'utf8' });
        // `table: 0x` and `function: 0x` with sixteen hex digits each.
        expect(run.stdout, run.stderr).toMatch(/\t25\t25\t28\n/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
