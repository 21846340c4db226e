import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toBinary } from '@bufbuild/protobuf';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../../gen/luau_pb.js';
import { programRecords, type LuauArbitraryOptions } from '../../../src/arbitrary/index.js';
import { Corpus, CorpusError, exportCorpus } from '../../../src/campaign/guided/index.js';
import { sourcesOf } from '../../../src/campaign/programs.js';
import { main } from '../../../src/cli/main.js';
import { packageRoot } from '../../../src/package-root.js';
import { corpusOf } from '../../helpers/corpus-folder.js';
import { required } from '../../helpers/required.js';

// `protoc --encode` parses text format with the C++ TextFormat parser, as Luau's own fuzzer
// (libprotobuf-mutator) reads its corpus.
const protoc = required('protoc on the PATH', spawnSync('protoc', ['--version']).status === 0);

const root = mkdtempSync(join(tmpdir(), 'corpus-export-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.skipIf(!protoc)('luau-fuzz corpus export', () => {
  it.each<LuauArbitraryOptions>([
    { level: 'runnable', profile: 'luau' },
    { level: 'scoped', profile: 'luau' },
  ])(
    'writes trees that protoc reads back as the entries, and their sources ($level)',
    async (generator) => {
      const dir = corpusOf(root, `c-${generator.level}`, generator, 12, 3);
      const out = join(root, `out-${generator.level}`);
      expect(await main(['corpus', 'export', dir, '--out', out])).toBe(0);
      const records = programRecords(generator);
      const entries = Corpus.load(dir).entries;
      expect(readdirSync(out).filter((f) => f.endsWith('.txtpb'))).toHaveLength(12);
      for (const e of entries) {
        const name = join(out, String(e.id).padStart(6, '0'));
        const tree = records.build(e.record);
        const binary = execFileSync(
          'protoc',
          [`--proto_path=${join(packageRoot, 'proto')}`, '--encode=luau.ModuleSet', 'luau.proto'],
          { input: readFileSync(`${name}.txtpb`) },
        );
        expect(binary.equals(Buffer.from(toBinary(ModuleSetSchema, tree)))).toBe(true);
        expect(readFileSync(`${name}.luau`, 'utf8')).toBe(sourcesOf(tree).program);
      }
    },
  );

  it('refuses a folder that holds no corpus, and a corpus read under other options', () => {
    expect(() => exportCorpus(join(root, 'none'), join(root, 'x'))).toThrow(/none: no such folder/);
    const dir = corpusOf(root, 'claimed', { level: 'runnable', profile: 'luau' }, 1, 3);
    expect(() => Corpus.load(dir).claim({ level: 'typed', profile: 'luau' })).toThrow(CorpusError);
  });
});
