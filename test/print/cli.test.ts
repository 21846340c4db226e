import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';
import { haveShared, needsShared } from '../helpers/shared.js';
import { compatVectors, type CompatVector } from '../helpers/vectors.js';

const run = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `luau-fuzz` CLI in a child process. */
async function cli(...args: string[]): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', join(packageRoot, 'src', 'cli', 'main.ts'), ...args],
      { cwd: packageRoot },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

/** A reference vector with a module (in `../shared`). */
const withModule = (): CompatVector => compatVectors().find((v) => v.notypes.length === 2)!;
const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-print-'));
const golden = join(packageRoot, 'test', 'print', 'golden');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('luau-fuzz print', () => {
  it('prints a tree file in pretty mode by default', async () => {
    const out = await cli('print', join(golden, 'fib.textproto'));
    expect(out).toEqual({
      code: 0,
      stdout: readFileSync(join(golden, 'fib.luau'), 'utf8'),
      stderr: '',
    });
  });

  it.runIf(haveShared)(
    'prints as the reference printer does in compat mode without types',
    needsShared,
    async () => {
      const v = withModule();
      const file = join(dir, `${v.id}.binpb`);
      writeFileSync(file, Buffer.from(v.binpb_base64, 'base64'));
      const out = await cli('print', '--mode', 'compat', '--no-types', file);
      expect(out.code).toBe(0);
      expect(out.stdout).toBe(
        `-- ${file}: module\n${v.notypes[0]}\n-- ${file}: program\n${v.notypes[1]}`,
      );
    },
  );

  it('writes NAME.luau and NAME.module.luau into --out instead of printing', async () => {
    const out = join(dir, 'out');
    const result = await cli(
      'print',
      join(golden, 'module.textproto'),
      '--out',
      out,
      '--indent',
      '2',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${join(out, 'module.module.luau')}\n${join(out, 'module.luau')}\n`);
    expect(readFileSync(join(out, 'module.module.luau'), 'utf8')).toBe(
      readFileSync(join(golden, 'module.module.luau'), 'utf8').replaceAll('    ', '  '),
    );
    expect(readFileSync(join(out, 'module.luau'), 'utf8')).toBe(
      readFileSync(join(golden, 'module.luau'), 'utf8'),
    );
  });

  it.runIf(haveShared)('reads any extension with --format', needsShared, async () => {
    const v = withModule();
    const file = join(dir, 'tree.dat');
    writeFileSync(file, v.textproto);
    const out = await cli('print', '--format', 'textproto', '--mode', 'compat', '--no-types', file);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(v.notypes[1]!);
  });

  it('reports each bad file by name, prints the others, and exits with 1', async () => {
    const bad = join(dir, 'bad.binpb');
    writeFileSync(bad, Buffer.from([0xff, 0xff, 0xff]));
    const missing = join(dir, 'missing.json');
    const out = await cli('print', bad, join(golden, 'fib.textproto'), missing);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(`luau-fuzz: ${bad}: not a valid binpb`);
    expect(out.stderr).toContain(`luau-fuzz: ${missing}: cannot read`);
    expect(out.stdout).toBe(
      `-- ${join(golden, 'fib.textproto')}: program\n${readFileSync(join(golden, 'fib.luau'), 'utf8')}`,
    );
    // One bad file among good ones is enough for the exit status.
    const one = await cli('print', join(golden, 'fib.textproto'), bad);
    expect(one.code).toBe(1);
    expect(one.stderr).toContain(`luau-fuzz: ${bad}: not a valid binpb`);
  });

  it('refuses an unknown mode', async () => {
    const out = await cli('print', '--mode', 'ugly', join(golden, 'fib.textproto'));
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain("argument 'ugly' is invalid");
  });

  it('refuses an indentation that is not a small number of spaces', async () => {
    const out = await cli('print', '--indent', 'x', join(golden, 'fib.textproto'));
    expect(out.code).toBe(1); // every usage error exits 1
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain(
      "option '--indent <spaces>' argument 'x' is invalid. a number of spaces from 0 to 16",
    );
  });

  it('reads a tree from standard input given as -', () => {
    const text = readFileSync(join(golden, 'fib.textproto'));
    const out = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(packageRoot, 'src', 'cli', 'main.ts'),
        'print',
        '--format',
        'textproto',
        '-',
      ],
      { cwd: packageRoot, input: text, encoding: 'utf8' },
    );
    expect(out.status).toBe(0);
    expect(out.stdout).toBe(readFileSync(join(golden, 'fib.luau'), 'utf8'));
  });

  it('refuses - without --format', async () => {
    const out = await cli('print', '-');
    expect(out.code).toBe(1);
    expect(out.stderr).toContain("reading '-' (standard input) needs --format <format>");
  });
});
