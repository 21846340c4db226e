import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { defaultOut } from '../../src/cli/run.js';
import {
  CampaignStore,
  campaignArbitrary,
  generatePrograms,
  resolveCampaignOptions,
  type ProgramRecord,
  type ResolvedCampaignOptions,
} from '../../src/campaign/index.js';
import { coverageBuildDir, haveCoverageBuild } from '../helpers/coverage-build.js';
import { haveLuauTools, luauToolsDir } from '../helpers/luau-tools.js';
import { mainOutput } from '../helpers/cli-in-process.js';
import { realLuau } from '../runtime/luau-715.js';

// A Luau build that is not one for coverage, and one that is (the check reads the file only).
const sound = join(luauToolsDir, 'luau');
const coverageLuau = join(coverageBuildDir, 'luau');

describe('defaultOut', () => {
  it('is luau-fuzz-runs/<UTC time to the second>, a name every file system takes', () => {
    const before = new Date().toISOString().slice(0, 19);
    const dir = defaultOut();
    expect(dir).toMatch(/^luau-fuzz-runs\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d$/);
    const time = dir.slice('luau-fuzz-runs/'.length).replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3');
    expect(time >= before).toBe(true);
  });
});

describe('luau-fuzz run', () => {
  it.each([
    [['--count', '0'], "--count must be a whole number >= 1, got '0'"],
    [['--timeout', '-1'], "--timeout must be a whole number >= 1, got '-1'"],
    [['--grammar', '736'], "--grammar must be one of 715, 735, got '736'"],
    // The generator's refusal, in the flag's words.
    [
      ['--grammar', '735', '--level', 'typed'],
      "--checker must be 'new' for grammar 735: Luau 0.735 checks with the new solver only",
    ],
    // A runtime that cannot compile the grammar's programs (luau-web, the default).
    [['--grammar', '735'], "--grammar 735 cannot run on runtime 'luau-web'"],
    [['--max-depth', '65'], '--max-depth must be at most 64 above the schema level'],
    [['--max-statements', '0'], "--max-statements must be a whole number >= 1, got '0'"],
    [['--rederive'], '--rederive goes with --resume DIR'],
    [['--projects', '0'], "--projects must be a whole number >= 1, got '0'"],
    [['--runtime', 'luau-cli:-O7'], "--runtime: unknown luau-cli option '-O7'"],
    [['--diff', 'luau-web', 'lua'], "--diff: unknown runtime 'lua'"],
    [['--guided', 'luau-web'], "--guided: 'luau-web' is not a luau-cli runtime"],
    [['--guided', 'luau-cli:path=/no/such/luau'], '--guided: /no/such/luau does not exist'],
    [
      ['--runtime', 'luau-cli:-O2:path=/no/such/luau'],
      "--runtime: /no/such/luau does not exist (in 'luau-cli:-O2:path=/no/such/luau')",
    ],
    [['--diff', 'luau-web', 'luau-cli:path=/no/such/luau'], '--diff: /no/such/luau does not exist'],
    [['--runtime', 'command:/no/such/luau {program}'], '--runtime: /no/such/luau does not exist'],
    [
      ['--level', 'typed', '--analyze', '/no/such/luau-analyze'],
      "--analyze: no checker at '/no/such/luau-analyze'",
    ],
    [['--corpus', '/no/such/corpus'], '--corpus seeds a guided campaign: give --guided'],
    [['--mutation-share', '0.2'], '--mutation-share is of a guided campaign: give --guided'],
    [
      ['--planted-errors', '10'],
      "--planted-errors applies only at the typed level (its programs are type-checked), not at level 'runnable'",
    ],
    ...(haveLuauTools
      ? [[['--guided', `luau-cli:path=${sound}`], `--guided: ${sound} is not a coverage build`]]
      : []),
    ...(haveCoverageBuild
      ? [
          [
            ['--guided', `luau-cli:path=${coverageLuau}`, '--corpus', '/no/such/corpus'],
            '--corpus: /no/such/corpus: no such folder',
          ],
          [
            ['--guided', `luau-cli:path=${coverageLuau}`, '--mutation-share', '1.5'],
            "--mutation-share must be 'auto' or a number from 0 to 1, got '1.5'",
          ],
        ]
      : []),
  ])('refuses %j naming the flag, before it creates a workspace', async (args, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-run-'));
    try {
      let stderr = '';
      const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
        stderr += String(chunk);
        return true;
      });
      const code = await main([
        'run',
        ...args,
        '--workspace-dir',
        join(dir, 'ws'),
        '--out',
        join(dir, 'c'),
      ]);
      spy.mockRestore();
      expect(code).toBe(1);
      expect(stderr).toContain(message);
      expect(existsSync(join(dir, 'ws'))).toBe(false);
      expect(existsSync(join(dir, 'c'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses --resume with a --grammar other than the recorded one, before it starts anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-run-'));
    try {
      const out = join(dir, 'c');
      CampaignStore.create(out, resolveCampaignOptions({ seed: 3, count: 5 }));
      const path = join(out, 'options.json');
      const before = readFileSync(path, 'utf8');
      const args = ['run', '--resume', out, '--workspace-dir', join(dir, 'ws')];
      const r = await mainOutput([...args, '--grammar', '735']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `--grammar 735: the campaign in ${out} was recorded in grammar 715 (${path})`,
      );
      expect(existsSync(join(dir, 'ws'))).toBe(false);
      expect(readFileSync(path, 'utf8')).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes --max-depth, --max-statements and --no-types to the generator and records them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-run-'));
    try {
      const out = join(dir, 'c');
      let stdout = '';
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
        stdout += String(chunk);
        return true;
      });
      vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
      const args = ['--count', '12', '--seed', '5', '--level', 'scoped', '--max-depth', '2'];
      const code = await main([
        'run',
        ...args,
        '--max-statements',
        '2',
        '--no-types',
        '--json',
        '--workspace-dir',
        join(dir, 'ws'),
        '--out',
        out,
      ]);
      vi.restoreAllMocks();
      expect(code, stdout).toBe(0);
      const options = JSON.parse(
        readFileSync(join(out, 'options.json'), 'utf8'),
      ) as ResolvedCampaignOptions;
      expect(options).toMatchObject({ maxDepth: 2, maxStatements: 2, types: false });
      const programs = generatePrograms(campaignArbitrary(options), 5, [...Array(12).keys()]);
      const recorded = readFileSync(join(out, 'results.jsonl'), 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as ProgramRecord);
      // Each program ran as the limited generator draws it: no type syntax, small blocks.
      expect(new Map(recorded.map((r) => [r.i, r.nodes]))).toEqual(
        new Map(programs.map((p) => [p.index, p.nodes])),
      );
      for (const p of programs) {
        expect(p.kinds.Type ?? 0).toBe(0);
        expect(p.program).not.toMatch(/^local \w+ *:/m);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('luau-fuzz run --profile', () => {
  const real = realLuau ?? '/absent/luau';
  it.each([
    [['--runtime', 'command:cat {program}'], 'luau'],
    ...(realLuau === undefined
      ? []
      : [
          [['--runtime', `luau-cli:-O2:path=${real}`], 'luau'],
          [['--diff', `luau-cli:-O0:path=${real}`, `luau-cli:-O2:path=${real}`], 'luau'],
          [['--diff', 'luau-web', `luau-cli:-O2:path=${real}`], 'luau-web'],
          [['--runtime', `luau-cli:-O2:path=${real}`, '--profile', 'luau-web'], 'luau-web'],
        ]),
  ])('follows the runtimes unless given: %j runs the %s profile', async (args, profile) => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-run-'));
    try {
      const out = join(dir, 'c');
      const r = await mainOutput([
        'run',
        ...args,
        '--count',
        '4',
        '--seed',
        '3',
        '--json',
        '--no-fail-on-findings',
        '--workspace-dir',
        join(dir, 'ws'),
        '--out',
        out,
      ]);
      expect(r.code, r.stderr).toBe(0);
      const options = JSON.parse(
        readFileSync(join(out, 'options.json'), 'utf8'),
      ) as ResolvedCampaignOptions;
      expect(options.profile).toBe(profile);
      expect((JSON.parse(r.stdout) as { done: number }).done).toBe(4);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
