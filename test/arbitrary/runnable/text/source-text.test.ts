import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Choices, expandRecord } from '../../../../src/arbitrary/runnable/choices.js';
import { TextChunk } from '../../../../src/arbitrary/runnable/text/text-chunk.js';
import { HOLE, joinTokens } from '../../../../src/arbitrary/runnable/text/text-expressions.js';
import { drawFault, faultyText } from '../../../../src/arbitrary/runnable/text/text-faults.js';
import { haveLuau735, haveLuauTools, luau735, tools } from '../../../helpers/luau-tools.js';
import { needsShared } from '../../../helpers/shared.js';

const COUNT = 400;

/** The text of chunk `seed` (valid, or with its fault), the holes filled with small integers. */
function text(seed: number, faulty: boolean): { text: string; used: number } {
  const c = new Choices(expandRecord(seed, 2048));
  const fault = faulty ? drawFault(c) : undefined;
  const tokens = new TextChunk(c).chunk();
  const joined = joinTokens(fault === undefined ? tokens : faultyText(fault, tokens));
  const used = (c as unknown as { i: number }).i;
  return { text: joined.split(HOLE).join(String((seed % 9) - 4)), used };
}

/** A Luau program that compiles every text with `loadstring` and prints what each gives. */
function harness(texts: string[], run: boolean): string {
  const close = ']' + '='.repeat(12) + ']';
  const items = texts.map((t) => `[${'='.repeat(12)}[\n${t}${close}`).join(',\n');
  const use = run
    ? 'if f then print("@" .. i, pcall(f, 2.5, -3, "str")) else print("@" .. i, "COMPILE", e) end'
    : 'print("@" .. i, f ~= nil, e)';
  return `local texts = {\n${items}\n}\nfor i, t in ipairs(texts) do\n  local f, e = loadstring(t, "=t" .. i)\n  ${use}\nend\n`;
}

function runAll(luau: string, mode: string[], source: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'source-text-'));
  try {
    const file = join(dir, 'texts.luau');
    writeFileSync(file, source);
    return execFileSync(luau, [...mode, file], { encoding: 'latin1', maxBuffer: 1 << 26 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('TextChunk', () => {
  it('reads a few hundred choices and builds a few kilobytes at most', () => {
    const sizes = Array.from({ length: COUNT }, (_, i) => text(i + 1, false));
    expect(Math.max(...sizes.map((s) => s.text.length))).toBeLessThan(8000);
    const used = sizes.map((s) => s.used).sort((a, b) => a - b);
    expect(used[Math.floor(COUNT / 2)]).toBeLessThan(300);
  });

  it('gives tokens that join with spaces, never around a line break', () => {
    expect(joinTokens(['local', 'x', '=', '1', '\n', 'return', 'x'])).toBe('local x = 1\nreturn x');
  });
});

describe.skipIf(!haveLuauTools)('source text on Luau', needsShared, () => {
  const valid = Array.from({ length: COUNT }, (_, i) => text(i + 1, false).text);
  const faulty = Array.from({ length: COUNT }, (_, i) => text(i + 1, true).text);

  it('compiles every valid chunk, which raises no error but the ones it raises itself', () => {
    const out = runAll(tools().luau, ['-O0'], harness(valid, true));
    const lines = out.split('\n').filter((l) => /^@\d+\t/.test(l));
    expect(lines).toHaveLength(COUNT);
    expect(lines.filter((l) => l.includes('\tCOMPILE\t'))).toEqual([]);
    // Errors the chunk raises name their chunk and line (levels 1 to 3 stay in the chunk).
    const failed = lines.filter((l) => /^@\d+\tfalse\t/.test(l));
    expect(failed.filter((l) => !/^@\d+\tfalse\tt\d+:\d+: /.test(l))).toEqual([]);
    expect(out).not.toMatch(/attempt to|bad argument|invalid argument/);
    expect(failed.length).toBeGreaterThan(COUNT / 20);
  });

  it('prints the same at -O0, -O2 and --codegen', () => {
    const source = harness(valid, true) + harness(faulty, false);
    const at = (mode: string[]) => runAll(tools().luau, mode, source);
    const o0 = at(['-O0']);
    expect(at(['-O2'])).toBe(o0);
    expect(at(['-O2', '--codegen'])).toBe(o0);
  });

  it('refuses most faulty chunks, with a diagnostic of the parser or the compiler', () => {
    const out = runAll(tools().luau, ['-O2'], harness(faulty, false));
    const lines = out.split('\n').filter((l) => /^@\d+\t/.test(l));
    expect(lines).toHaveLength(COUNT);
    const refused = lines.filter((l) => /^@\d+\tfalse\tt\d+:\d+: /.test(l));
    expect(refused.length).toBeGreaterThan(COUNT * 0.75);
    const messages = new Set(refused.map((l) => l.replace(/^@\d+\tfalse\tt\d+:\d+: /, '')));
    expect(messages.size).toBeGreaterThan(60);
    for (const limit of [
      'Out of local registers',
      'Out of registers',
      'Out of upvalue registers',
    ]) {
      expect(
        [...messages].some((m) => m.startsWith(limit)),
        limit,
      ).toBe(true);
    }
  });

  it.skipIf(!haveLuau735)(
    'gives the valid chunks the same results on 0.715 and 0.735',
    needsShared,
    () => {
      const source = harness(valid, true);
      expect(runAll(luau735, ['-O2'], source)).toBe(runAll(tools().luau, ['-O2'], source));
    },
  );
});
