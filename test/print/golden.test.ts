import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromText } from '@bufbuild/protobuf/txtpb';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { printPretty } from '../../src/print/index.js';
import { LuauWorker } from './helpers/luau-worker.js';

// Each golden/NAME.textproto is printed to golden/NAME.luau (and NAME.module.luau when it has
// a module). UPDATE_GOLDEN=1 rewrites the expected files after a deliberate change.
const dir = join(fileURLToPath(new URL('.', import.meta.url)), 'golden');
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.textproto'))
  .map((f) => basename(f, '.textproto'))
  .sort();

const luau = new LuauWorker();
afterAll(() => luau.close());

describe('printPretty', () => {
  it.each(cases)('prints golden/%s.textproto as golden/%s.luau, and it compiles', async (name) => {
    const tree = fromText(ModuleSetSchema, readFileSync(join(dir, `${name}.textproto`), 'utf8'));
    const sources = printPretty(tree);
    const files = sources.length === 2 ? [`${name}.module.luau`, `${name}.luau`] : [`${name}.luau`];
    for (const [i, file] of files.entries()) {
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(join(dir, file), sources[i]!);
      expect(sources[i]).toBe(readFileSync(join(dir, file), 'utf8'));
    }
    const results = await luau.process(sources);
    expect(results.map((r) => r.error ?? r.abort)).toEqual(sources.map(() => undefined));
  });
});
