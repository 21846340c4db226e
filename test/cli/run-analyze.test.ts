import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { plantedErrorOf } from '../../src/arbitrary/index.js';
import { main } from '../../src/cli/main.js';
import { diagnosticLine, isErrorDiagnostic, typeCheck } from '../../src/campaign/index.js';
import type { FindingRecord, ResolvedCampaignOptions } from '../../src/campaign/index.js';
import { fakeCheckers } from '../helpers/fake-checkers.js';
import { haveLuauTools, luauToolsDir, tools } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

const luau = join(luauToolsDir, 'luau');

/** Runs `luau-fuzz run` quietly; resolves to its exit status. */
async function run(args: readonly string[], dir: string): Promise<number> {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return await main([
      'run',
      '--level',
      'typed',
      '--runtime',
      `luau-cli:path=${luau}`,
      '--no-progress',
      '--workspace-dir',
      join(dir, 'ws'),
      '--out',
      join(dir, 'c'),
      ...args,
    ]);
  } finally {
    vi.restoreAllMocks();
  }
}

function findings(dir: string): { dir: string; record: FindingRecord }[] {
  const root = join(dir, 'c', 'findings');
  if (!existsSync(root)) return [];
  return readdirSync(root).map((name) => ({
    dir: join(root, name),
    record: JSON.parse(readFileSync(join(root, name, 'outcome.json'), 'utf8')) as FindingRecord,
  }));
}

describe.skipIf(!haveLuauTools)('luau-fuzz run --analyze', needsShared, () => {
  const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-run-analyze-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const fake = haveLuauTools ? fakeCheckers(root, tools().luauAnalyze) : undefined;

  it('refuses a checker for programs that are not typed, or one that is not there', async () => {
    const dir = mkdtempSync(join(root, 'bad-'));
    expect(await run(['--level', 'runnable', '--analyze', tools().luauAnalyze], dir)).toBe(1);
    expect(await run(['--analyze', join(root, 'no-such-checker')], dir)).toBe(1);
    expect(existsSync(join(dir, 'c'))).toBe(false);
  });

  it('finds nothing with the sound luau-analyze 0.715, and records the checker for --resume', async () => {
    const dir = mkdtempSync(join(root, 'sound-'));
    const code = await run(
      ['--count', '150', '--seed', '3', '--analyze', tools().luauAnalyze],
      dir,
    );
    expect(code).toBe(0);
    expect(findings(dir)).toEqual([]);
    const options = JSON.parse(
      readFileSync(join(dir, 'c', 'options.json'), 'utf8'),
    ) as ResolvedCampaignOptions;
    expect(options.analyze).toBe(tools().luauAnalyze);
  }, 120_000);

  it('checks in the old and the new solver of 0.715 at once: only the new one is wrong, and says so', async () => {
    const dir = mkdtempSync(join(root, 'modes-'));
    const spec = `${tools().luauAnalyze}:old,new`;
    const code = await run(
      ['--count', '60', '--seed', '11', '--no-shrink', '--analyze', spec],
      dir,
    );
    expect(code).not.toBe(0);
    const found = findings(dir);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      expect(f.record.signature).toMatch(/^checker-(false-positive|missed) · luau-analyze:new · /);
      expect(f.record.original.check?.mode).toBe('new');
    }
  }, 120_000);

  it('finds the planted errors a checker misses, and shrinks one keeping the miss', async () => {
    const dir = mkdtempSync(join(root, 'drop-'));
    const args = [
      '--count',
      '200',
      '--seed',
      '3',
      '--shrink-findings',
      '1',
      '--shrink-time',
      '20000',
    ];
    expect(await run([...args, '--analyze', fake!.drop], dir)).not.toBe(0);
    const found = findings(dir);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      expect(f.record.kind).toBe('checker-missed');
      expect(f.record.signature).toMatch(/^checker-missed · luau-analyze · planted [a-z-]+$/);
      expect(f.record.analyze).toBe(fake!.drop);
      expect(existsSync(join(f.dir, 'original.check.txt'))).toBe(true);
    }
    const shrunk = found.find((f) => f.record.shrunk.shrunk)!;
    expect(shrunk.record.shrunk.nodes).toBeLessThan(shrunk.record.original.nodes);
    expect(shrunk.record.shrunk.check?.kind).toBe('checker-missed');
    const program = readFileSync(join(shrunk.dir, 'shrunk.luau'), 'utf8');
    // The marker and its statement stay; the sound checker reports the error there, the
    // dropping one still does not.
    const planted = plantedErrorOf(program)!;
    expect(`planted ${planted.kind}`).toBe(shrunk.record.signature.split(' · ')[2]);
    const [sound] = await typeCheck(tools().luauAnalyze, [{ program }], {
      timeoutMs: 10_000,
    });
    expect(sound!.kind).toBeUndefined();
    const lines = sound!.output.split('\n').filter(isErrorDiagnostic).map(diagnosticLine);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l >= planted.from && l <= planted.to).toBe(true);
    const [dropped] = await typeCheck(fake!.drop, [{ program }], { timeoutMs: 10_000 });
    expect(dropped!.kind).toBe('checker-missed');
    // `luau-fuzz shrink` shrinks a finding of the checker with the checker it recorded.
    // Only one finding is shrunk by the run (--shrink-findings 1); seed 3 gives several.
    const unshrunk = found.find((f) => !f.record.shrunk.shrunk);
    expect(unshrunk).toBeDefined();
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    // What the run left (its findings' status) is no status of the shrink.
    process.exitCode = undefined;
    const code = await main(['shrink', unshrunk!.dir, '--time', '5000']).finally(() =>
      vi.restoreAllMocks(),
    );
    expect(code).toBe(0);
    const again = JSON.parse(
      readFileSync(join(unshrunk!.dir, 'outcome.json'), 'utf8'),
    ) as FindingRecord;
    expect(again.shrunk).toMatchObject({ shrunk: true, check: { kind: 'checker-missed' } });
    expect(readFileSync(join(unshrunk!.dir, 'shrunk.luau'), 'utf8')).toContain('"planted ');
  }, 180_000);

  it('finds a checker that crashes (one finding for every program) and shrinks it', async () => {
    const dir = mkdtempSync(join(root, 'crash-'));
    const args = [
      '--count',
      '20',
      '--seed',
      '4',
      '--shrink-findings',
      '1',
      '--shrink-time',
      '8000',
    ];
    expect(await run([...args, '--analyze', fake!.crash], dir)).not.toBe(0);
    const found = findings(dir);
    expect(found.map((f) => f.record.signature)).toEqual([
      'checker-crash · luau-analyze · killed by SIGSEGV',
    ]);
    const [f] = found;
    expect(f!.record.occurrences).toHaveLength(20);
    expect(f!.record.shrunk.check?.kind).toBe('checker-crash');
    expect(f!.record.shrunk.nodes).toBeLessThan(f!.record.original.nodes);
    expect(readFileSync(join(f!.dir, 'shrunk.check.txt'), 'utf8')).toContain('killed by SIGSEGV');
  }, 120_000);

  it('finds an error a checker reports on a line with no planted error', async () => {
    const dir = mkdtempSync(join(root, 'invent-'));
    const args = ['--count', '20', '--seed', '5', '--no-shrink'];
    expect(await run([...args, '--analyze', fake!.invent], dir)).not.toBe(0);
    expect(findings(dir).map((f) => f.record.signature)).toEqual([
      'checker-false-positive · luau-analyze · TypeError: invented',
    ]);
    // Its programs are one bug, whose cause names the construct the error points at.
    const summary = JSON.parse(readFileSync(join(dir, 'c', 'summary.json'), 'utf8')) as {
      checkerBugs: { cause: string; programs: number }[];
    };
    expect(summary.checkerBugs).toHaveLength(1);
    expect(summary.checkerBugs[0]!.cause).toMatch(
      /^checker-false-positive · TypeError: invented · \S/,
    );
    // The real checker does not invent it: triage says no release reproduces it.
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    process.exitCode = undefined;
    const code = await main([
      'checker-triage',
      join(dir, 'c'),
      '--checker',
      `0.715=${tools().luauAnalyze}`,
    ]).finally(() => vi.restoreAllMocks());
    expect(code).toBe(0);
    const triaged = JSON.parse(readFileSync(join(dir, 'c', 'checker-bugs.json'), 'utf8')) as {
      verdict: { verdict: string };
      programs: number;
    }[];
    expect(triaged.map((t) => [t.verdict.verdict, t.programs])).toEqual([
      ['not-reproduced', summary.checkerBugs[0]!.programs],
    ]);
    expect(
      await main(['checker-triage', join(dir, 'c'), '--checker', '0.715']).finally(() =>
        vi.restoreAllMocks(),
      ),
    ).toBe(1);
  }, 120_000);
});
