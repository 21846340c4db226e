import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { equals } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { luauArbitraries } from '../../src/arbitrary/index.js';
import { encodeTree, readTreeFile, writeTreeFile } from '../../src/tree/index.js';
import { packageRoot } from '../../src/package-root.js';
import { luauFuzz, type CliOutcome } from '../helpers/arbitrary-cli.js';
import { mainOutput } from '../helpers/cli-in-process.js';

const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-convert-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

/** Runs the CLI in this process (the first test runs it as its own process). */
function convert(...args: string[]): Promise<CliOutcome> {
  return mainOutput(['convert', ...args]);
}

// Schema-level trees with the whole grammar: any string bytes, 64-bit integers, unset oneofs.
const trees = fc.sample(luauArbitraries({ level: 'schema', profile: 'luau' }).moduleSet, {
  seed: 14,
  numRuns: 6,
});

describe('luau-fuzz convert', () => {
  it('converts binary to JSON to text format and back, tree for tree and byte for byte', async () => {
    const binDir = join(root, 'bin');
    mkdirSync(binDir);
    const inputs = await Promise.all(
      trees.map(async (tree, i) => {
        const path = join(binDir, `t${i}.binpb`);
        await writeTreeFile(path, tree);
        return path;
      }),
    );
    const toJson = await luauFuzz(
      'convert',
      ...inputs,
      '--to',
      'json',
      '--out',
      join(root, 'json'),
    );
    expect(toJson).toMatchObject({ code: 0, stderr: '' });
    expect(toJson.stdout.trim().split('\n')).toEqual(
      trees.map((_, i) => join(root, 'json', `t${i}.json`)),
    );
    const jsonFiles = trees.map((_, i) => join(root, 'json', `t${i}.json`));
    const toText = await convert(...jsonFiles, '--to', 'textproto');
    expect(toText.code).toBe(0);
    // Without --out, each output lands beside its input.
    const textFiles = trees.map((_, i) => join(root, 'json', `t${i}.textproto`));
    const back = await convert(...textFiles, '--to', 'binpb', '--out', join(root, 'back'));
    expect(back.code).toBe(0);
    for (const [i, tree] of trees.entries()) {
      const json = await readTreeFile(jsonFiles[i]!);
      expect(equals(ModuleSetSchema, json, tree)).toBe(true);
      const text = await readTreeFile(textFiles[i]!);
      expect(equals(ModuleSetSchema, text, tree)).toBe(true);
      expect(readFileSync(join(root, 'back', `t${i}.binpb`))).toEqual(
        Buffer.from(encodeTree(ModuleSetSchema, tree, 'binpb')),
      );
    }
  });

  it('reads the format given by --format whatever the extension', async () => {
    const dir = join(root, 'format');
    mkdirSync(dir);
    await writeTreeFile(join(dir, 'tree.dat'), trees[0]!, { format: 'json' });
    const r = await convert(join(dir, 'tree.dat'), '--format', 'json', '--to', 'textproto');
    expect(r.code).toBe(0);
    expect(
      equals(ModuleSetSchema, await readTreeFile(join(dir, 'tree.textproto')), trees[0]!),
    ).toBe(true);
  });

  it('names a bad file, converts the others, and exits 1', async () => {
    const dir = join(root, 'bad');
    mkdirSync(dir);
    await writeTreeFile(join(dir, 'good.json'), trees[1]!);
    writeFileSync(join(dir, 'bad.json'), '{"program": {"body": 7}}');
    writeFileSync(
      join(dir, 'cut.binpb'),
      Buffer.from(encodeTree(ModuleSetSchema, trees[2]!, 'binpb')).subarray(0, 5),
    );
    const r = await convert(
      join(dir, 'bad.json'),
      join(dir, 'good.json'),
      join(dir, 'cut.binpb'),
      '--to',
      'binpb',
      '--out',
      join(dir, 'out'),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(join(dir, 'bad.json'));
    expect(r.stderr).toContain(join(dir, 'cut.binpb'));
    expect(readdirSync(join(dir, 'out'))).toEqual(['good.binpb']);
    expect(
      equals(ModuleSetSchema, await readTreeFile(join(dir, 'out', 'good.binpb')), trees[1]!),
    ).toBe(true);
  });

  it('refuses an unknown target format, naming the choices', async () => {
    const r = await convert(join(root, 'bin', 't0.binpb'), '--to', 'xml');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--to <format>.*xml/);
    expect(r.stderr).toMatch(/textproto/);
  });

  it('keeps an existing output file unless --force is given', async () => {
    const dir = join(root, 'force');
    mkdirSync(dir);
    await writeTreeFile(join(dir, 'a.json'), trees[3]!);
    writeFileSync(join(dir, 'a.textproto'), 'kept');
    const refused = await convert(join(dir, 'a.json'), '--to', 'textproto');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `${join(dir, 'a.textproto')}: already exists; not overwritten`,
    );
    expect(readFileSync(join(dir, 'a.textproto'), 'utf8')).toBe('kept');
    const forced = await convert(join(dir, 'a.json'), '--to', 'textproto', '--force');
    expect(forced.code).toBe(0);
    expect(equals(ModuleSetSchema, await readTreeFile(join(dir, 'a.textproto')), trees[3]!)).toBe(
      true,
    );
  });

  it('reads standard input and writes standard output for -', () => {
    const text = Buffer.from(encodeTree(ModuleSetSchema, trees[4]!, 'textproto'));
    const out = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(packageRoot, 'src', 'cli', 'main.ts'),
        'convert',
        '-',
        '--format',
        'textproto',
        '--to',
        'binpb',
      ],
      { cwd: packageRoot, input: text },
    );
    expect(out.status).toBe(0);
    expect(out.stdout).toEqual(Buffer.from(encodeTree(ModuleSetSchema, trees[4]!, 'binpb')));
  });

  it('refuses - without --format, and --out - with several inputs', async () => {
    expect((await convert('-', '--to', 'json')).stderr).toContain(
      "reading '-' (standard input) needs --format <format>",
    );
    const several = await convert(
      join(root, 'bin', 't0.binpb'),
      join(root, 'bin', 't1.binpb'),
      '--to',
      'json',
      '--out',
      '-',
    );
    expect(several.code).toBe(1);
    expect(several.stderr).toContain('--out - (standard output) takes one input file');
  });
});
