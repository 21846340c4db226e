import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { needsShared } from '../helpers/shared.js';
import { printCompat } from '../../src/print/index.js';
import { decodeTree, grammar735 } from '../../src/tree/index.js';
import { mainOutput } from '../helpers/cli-in-process.js';
import { compatVectors, haveVectors735 } from '../helpers/vectors.js';

const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-grammar-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe.runIf(haveVectors735)('--grammar and --to-grammar', needsShared, () => {
  const v735 = compatVectors('compat-vectors-735.jsonl');
  // A tree with a paren-less call, and a 715 tree with a call.
  const parenless = v735.find(
    (v) => v.textproto.includes('parenless') && !/builtin_ref|class/.test(v.textproto),
  )!;
  const call715 = compatVectors().find((v) => / call \{/.test(v.textproto))!;
  const file = (name: string, v: { binpb_base64: string }) => {
    const path = join(root, name);
    writeFileSync(path, Buffer.from(v.binpb_base64, 'base64'));
    return path;
  };

  it('prints a 735 tree as its grammar, found or given, and refuses it as 715 naming 735', async () => {
    const path = file('p.binpb', parenless);
    for (const args of [[], ['--grammar', '735']]) {
      const out = await mainOutput(['print', path, '--mode', 'compat', ...args]);
      expect(out.code).toBe(0);
      expect(out.stdout).toContain(parenless.types.at(-1));
    }
    const wrong = await mainOutput(['print', path, '--grammar', '715']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(
      /p\.binpb: not a tree of grammar 715 .* reads as a tree of grammar 735/,
    );
    const text = join(root, 'p.textproto');
    writeFileSync(text, parenless.textproto);
    const named = await mainOutput(['print', text, '--grammar', '715']);
    expect(named.stderr).toMatch(/unknown field "parenless"|grammar 735/);
  });

  it('takes a 715 tree up (a call becomes a ParenCall) and refuses to take a paren-less call down', async () => {
    const up = await mainOutput([
      'convert',
      file('c.binpb', call715),
      '--to-grammar',
      '735',
      '--to',
      'textproto',
    ]);
    expect(up).toMatchObject({ code: 0, stderr: '' });
    const textproto = readFileSync(join(root, 'c.textproto'), 'utf8');
    expect(textproto).toMatch(/\bparen: \{/);
    const tree = decodeTree(grammar735.moduleSet, Buffer.from(textproto), 'textproto');
    expect(printCompat(tree, { grammar: grammar735 })).toEqual(
      call715.types.map((s) => 'open class _ end\n' + s),
    );
    const down = await mainOutput([
      'convert',
      file('p.binpb', parenless),
      '--to-grammar',
      '715',
      '--out',
      join(root),
    ]);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(
      /p\.binpb: \S*parenless is a paren-less call .*\(ParenlessCall\), which grammar 715 does not have/,
    );
  });

  it('needs a format or a grammar to convert to, and a grammar it knows', async () => {
    const path = file('n.binpb', parenless);
    expect((await mainOutput(['convert', path])).stderr).toContain(
      'give --to <format>, --to-grammar <grammar>, or both',
    );
    expect((await mainOutput(['print', path, '--grammar', '736'])).stderr).toContain(
      "argument '736' is invalid. Allowed choices are 715, 735.",
    );
  });
});
