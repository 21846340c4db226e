import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { equals } from '@bufbuild/protobuf';
import { afterAll, describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { readTreeFile } from '../../src/tree/index.js';
import { luauFuzz } from '../helpers/arbitrary-cli.js';
import { compileChunk } from '../helpers/arbitrary-programs.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-gen-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface Manifest {
  seed: number;
  count: number;
  unique: number;
  options: { level: string; profile: string };
  trees: { hash: string; nodes: number; depth: number; module: boolean }[];
}

describe('genCommand', () => {
  it('writes one file per format per tree, named by content hash, and a manifest', async () => {
    const out = tempDir();
    const args = [
      'gen',
      '--count',
      '12',
      '--seed',
      '5',
      '--level',
      'scoped',
      '--profile',
      'luau-web',
    ];
    const r = await luauFuzz(...args, '--format', 'textproto,binpb,json,luau', '--out', out);
    expect(r.code, r.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.seed).toBe(5);
    expect(manifest.options).toMatchObject({ level: 'scoped', profile: 'luau-web' });
    expect(manifest.trees).toHaveLength(manifest.unique);
    const files = readdirSync(out);
    for (const { hash, nodes, module } of manifest.trees) {
      expect(hash).toMatch(/^[0-9a-f]{16}$/);
      expect(nodes).toBeGreaterThan(1);
      const fromText = await readTreeFile(join(out, `${hash}.textproto`));
      const fromBinary = await readTreeFile(join(out, `${hash}.binpb`));
      const fromJson = await readTreeFile(join(out, `${hash}.json`));
      expect(equals(ModuleSetSchema, fromText, fromBinary)).toBe(true);
      expect(equals(ModuleSetSchema, fromJson, fromBinary)).toBe(true);
      expect(files.includes(`${hash}.module.luau`)).toBe(module);
      expect(await compileChunk(readFileSync(join(out, `${hash}.luau`), 'utf8'))).toBeUndefined();
    }
  });

  it('writes the same corpus for the same seed, and a duplicate tree once', async () => {
    const a = tempDir();
    const b = tempDir();
    const args = [
      'gen',
      '--count',
      '40',
      '--seed',
      '9',
      '--max-depth',
      '1',
      '--max-statements',
      '1',
    ];
    expect((await luauFuzz(...args, '--out', a)).code).toBe(0);
    expect((await luauFuzz(...args, '--out', b)).code).toBe(0);
    expect(readdirSync(a).sort()).toEqual(readdirSync(b).sort());
    const manifest = JSON.parse(readFileSync(join(a, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.unique).toBeLessThan(40);
    expect(readdirSync(a)).toHaveLength(manifest.unique + 1);
  });

  it('refuses an unknown format or level with a message naming it', async () => {
    const bad = await luauFuzz('gen', '--format', 'xml', '--out', tempDir());
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--format');
    const level = await luauFuzz('gen', '--level', 'perfect', '--out', tempDir());
    expect(level.code).not.toBe(0);
    expect(level.stderr).toContain('perfect');
  });
});

describe('checkCommand', () => {
  it('reports runnable programs that run and print the same twice, as JSON', async () => {
    const r = await luauFuzz(
      'check',
      '--level',
      'runnable',
      '--profile',
      'luau-web',
      '--count',
      '40',
      '--seed',
      '11',
      '--json',
      '--timeout',
      '30000',
    );
    expect(r.code, r.stderr + r.stdout.slice(0, 2000)).toBe(0);
    const report = JSON.parse(r.stdout) as {
      count: number;
      compiled: number;
      ran: number;
      sameOutput: number;
      coverage: { key: string; trees: number }[];
    };
    // The report names the runtime it was checked against (luau-web by default).
    expect(report).toMatchObject({
      count: 40,
      compiled: 40,
      ran: 40,
      sameOutput: 40,
      runtime: 'luau-web',
    });
    expect(report.coverage.find((c) => c.key === 'Stat.stat_oneof=while')!.trees).toBeGreaterThan(
      0,
    );
  });

  it('prints a table of outcomes and coverage', async () => {
    const r = await luauFuzz(
      'check',
      '--level',
      'syntax',
      '--profile',
      'luau-web',
      '--count',
      '30',
      '--seed',
      '2',
      '--timeout',
      '30000',
    );
    expect(r.code, r.stderr + r.stdout.slice(0, 2000)).toBe(0);
    expect(r.stdout).toMatch(/compiled\s+30\s+100\.0%/);
    expect(r.stdout).toContain('Stat.stat_oneof:');
  });
});
