import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromText } from '@bufbuild/protobuf/txtpb';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { printPretty } from '../../src/print/index.js';
import { goldenUpdate } from '../helpers/golden-mode.js';
import { LuauWorker } from './helpers/luau-worker.js';

// Each golden/NAME.textproto is printed to golden/NAME.luau (and NAME.module.luau when it has
// a module). UPDATE_GOLDEN=1 rewrites the expected files after a deliberate change, and is
// refused under CI: there a rewrite would compare the output with itself and always pass.
const dir = join(fileURLToPath(new URL('.', import.meta.url)), 'golden');
const update = goldenUpdate(process.env);
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.textproto'))
  .map((f) => basename(f, '.textproto'))
  .sort();

const luau = new LuauWorker();
afterAll(() => luau.close());

describe('goldenUpdate', () => {
  it('rewrites goldens only on request, and never under CI', () => {
    expect(goldenUpdate({})).toBe(false);
    expect(goldenUpdate({ UPDATE_GOLDEN: '1' })).toBe(true);
    expect(goldenUpdate({ UPDATE_GOLDEN: '1', CI: 'false' })).toBe(true);
    expect(() => goldenUpdate({ UPDATE_GOLDEN: '1', CI: 'true' })).toThrow(/refused under CI/);
    expect(() => goldenUpdate({ UPDATE_GOLDEN: '1', CI: '1' })).toThrow(/refused under CI/);
  });
});

describe('printPretty', () => {
  it('has golden cases to compare with', () => {
    expect(cases.length).toBeGreaterThanOrEqual(5);
  });

  for (const name of cases) {
    it(`prints golden/${name}.textproto as golden/${name}.luau, and it compiles`, async () => {
      const tree = fromText(ModuleSetSchema, readFileSync(join(dir, `${name}.textproto`), 'utf8'));
      const sources = printPretty(tree);
      const files =
        sources.length === 2 ? [`${name}.module.luau`, `${name}.luau`] : [`${name}.luau`];
      for (const [i, file] of files.entries()) {
        if (update) writeFileSync(join(dir, file), sources[i]!);
        else expect(sources[i]).toBe(readFileSync(join(dir, file), 'utf8'));
      }
      const results = await luau.process(sources);
      expect(results.map((r) => r.error ?? r.abort)).toEqual(sources.map(() => undefined));
    });
  }
});
