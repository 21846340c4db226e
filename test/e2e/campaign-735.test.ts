import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readFindings,
  resolveCampaignOptions,
  runCampaign,
  type CampaignOptions,
  type ProgramRecord,
  type ResolvedCampaignOptions,
} from '../../src/campaign/index.js';
import { decodeGrammarTree, grammar715, grammar735 } from '../../src/tree/index.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import {
  startEmbeddedWorkspace,
  type EmbeddedWorkspace,
} from '../../src/workspace/server/index.js';
import { mainOutput } from '../helpers/cli-in-process.js';
import { haveLuau735, haveLuauTools, luau735, tools } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-735-'));
let ws: EmbeddedWorkspace;

beforeAll(async () => {
  ws = await startEmbeddedWorkspace({ dataDir: join(root, 'workspace'), projects: 1 });
});
afterAll(async () => {
  await ws.close();
  rmSync(root, { recursive: true, force: true });
});

function run(dir: string, options: CampaignOptions) {
  return runCampaign({
    dir: join(root, dir),
    options: resolveCampaignOptions({ inFlight: 1, timeoutMs: 5000, ...options }),
    target: {
      client: new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey }),
      projectIds: [ws.projectIds[0]!],
    },
  });
}

function records(dir: string): ProgramRecord[] {
  return readFileSync(join(root, dir, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as ProgramRecord);
}

function options(dir: string): ResolvedCampaignOptions {
  return JSON.parse(
    readFileSync(join(root, dir, 'options.json'), 'utf8'),
  ) as ResolvedCampaignOptions;
}

/** Every status of every program's outcomes, counted. */
function statuses(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of records(dir))
    for (const o of r.outcomes) out[o.status] = (out[o.status] ?? 0) + 1;
  return out;
}

describe('a campaign of grammar 735', { timeout: 240_000 }, () => {
  it('draws, prints, saves and shrinks trees of grammar 735, and `shrink` reads them as such', async () => {
    // The implementation under test crashes on every program with a class (but the class
    // the campaign's preflight runs: it would refuse a runtime that cannot run one).
    const script = join(root, 'no-classes.sh');
    writeFileSync(
      script,
      `#!/bin/sh\nif grep -qw 'class' "$1" && ! grep -q 'class Preflight' "$1"; then kill -ABRT $$; fi\n` +
        `cksum < "$1"\n`,
    );
    chmodSync(script, 0o755);
    await run('classes', {
      count: 40,
      seed: 3,
      level: 'syntax',
      grammar: '735',
      runtimes: [`command:${script} {program}`],
      shrinkFindings: 1,
      shrinkAttempts: 60,
      shrinkTimeMs: 60_000,
    });
    expect(options('classes').grammar).toBe('735');
    const [finding] = readFindings(join(root, 'classes', 'findings'));
    expect(finding).toMatchObject({ kind: 'crash', grammar: '735' });
    const findingDir = join(root, 'classes', 'findings', finding!.hash);
    // The tree files read as grammar 735 only (a class is no node of the seed's grammar).
    const original = decodeGrammarTree(readFileSync(join(findingDir, 'original.binpb')), 'binpb');
    expect(original.grammar).toBe(grammar735);
    const shrunk = decodeGrammarTree(
      readFileSync(join(findingDir, 'shrunk.textproto')),
      'textproto',
    );
    expect(shrunk.grammar).toBe(grammar735);
    expect(readFileSync(join(findingDir, 'shrunk.luau'), 'utf8')).toMatch(/\bclass\b/);
    expect(finding!.shrunk.nodes).toBeLessThan(finding!.original.nodes);

    const flags = ['--url', ws.baseUrl, '--api-key', ws.apiKey, '--project', ws.projectIds[0]!];
    const again = await mainOutput(['shrink', findingDir, '--attempts', '20', ...flags]);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^crash: /);

    // A record that says 715 over trees of 735 is refused, naming the file and its grammar.
    const record = JSON.parse(readFileSync(join(findingDir, 'outcome.json'), 'utf8')) as {
      grammar: string;
    };
    writeFileSync(
      join(findingDir, 'outcome.json'),
      JSON.stringify({ ...record, grammar: grammar715.name }),
    );
    const refused = await mainOutput(['shrink', findingDir, ...flags]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${join(findingDir, 'original.binpb')}`);
    expect(refused.stderr).toContain('it reads as a tree of grammar 735');
  });
});

const flags735 = `--fflags=${grammar735.flags.join(',')}`;

describe.skipIf(!haveLuau735 || !haveLuauTools)(
  'campaigns on Luau 0.735',
  { ...needsShared, timeout: 300_000 },
  () => {
    it("compiles every syntax program of grammar 735 with 0.735's luau-compile and the class flags", async () => {
      const compile = join(luau735, '..', 'luau-compile');
      await run('syntax', {
        count: 150,
        seed: 7,
        level: 'syntax',
        grammar: '735',
        runtimes: [`command:${compile} ${flags735} --null {program}`],
      });
      expect(records('syntax')).toHaveLength(150);
      expect(statuses('syntax')).toEqual({ ok: 150 });
    });

    it('runs syntax programs of grammar 735 on luau-735, the grammar following the runtime', async () => {
      await run('on-luau-735', {
        count: 60,
        seed: 8,
        level: 'syntax',
        timeoutMs: 1000,
        runtimes: [`luau-735:path=${luau735}:-O2`],
      });
      expect(options('on-luau-735').grammar).toBe('735');
      expect(statuses('on-luau-735')['compile-error'] ?? 0).toBe(0);
    });

    it('runs runnable 715 programs on luau-735 at -O0 and -O2 --codegen', async () => {
      const summary = await run('runnable-715', {
        count: 100,
        seed: 9,
        grammar: '715',
        runtimes: [`luau-735:path=${luau735}:-O0`, `luau-735:path=${luau735}:-O2:--codegen`],
        shrink: false,
      });
      expect(options('runnable-715')).toMatchObject({ grammar: '715', profile: 'luau' });
      expect(summary.done).toBe(100);
      expect(statuses('runnable-715')).toEqual({ ok: 200 });
    });

    it('runs runnable programs of grammar 735, the grammar following the runtimes, alike at -O0 and -O2 --codegen', async () => {
      const summary = await run('runnable-735', {
        count: 100,
        seed: 9,
        runtimes: [`luau-735:path=${luau735}:-O0`, `luau-735:path=${luau735}:-O2:--codegen`],
        shrink: false,
      });
      expect(options('runnable-735')).toMatchObject({ grammar: '735', profile: 'luau' });
      expect(summary.done).toBe(100);
      expect(statuses('runnable-735')).toEqual({ ok: 200 });
      expect(records('runnable-735').filter((r) => r.finding !== undefined)).toEqual([]);
    });

    it('compares 0.715 and 0.735 on the programs of grammar 715', async () => {
      const luau715 = tools().luau;
      await run('diff', {
        count: 100,
        seed: 10,
        runtimes: [`luau-cli:${luau715}:-O2`, `luau-cli:${luau735}:-O2`],
        shrink: false,
      });
      expect(options('diff').grammar).toBe('715');
      expect(statuses('diff')).toEqual({ ok: 200 });
      expect(records('diff').filter((r) => r.finding !== undefined)).toEqual([]);
    });

    it('refuses, before any program, a flag the runtime does not know and a runtime without classes', async () => {
      await expect(
        run('unknown-flag', {
          count: 10,
          runtimes: [`luau-cli:path=${luau735}:--fflags=LuauNoSuchFlag=true`],
        }),
      ).rejects.toThrow(/does not take its options: Warning: unrecognized flag 'LuauNoSuchFlag'/);
      // Luau 0.715 knows neither class flag.
      await expect(
        run('no-classes', {
          count: 10,
          level: 'syntax',
          runtimes: [`luau-735:path=${tools().luau}:-O2`],
        }),
      ).rejects.toThrow(/unrecognized flag 'DebugLuauUserDefinedClasses'/);
      // Flags on, but not the class flags: the class does not compile.
      await expect(
        run('flags-no-classes', {
          count: 10,
          level: 'syntax',
          grammar: '735',
          runtimes: [`command:${luau735} --fflags=true {programs}`],
        }),
      ).rejects.toThrow(/cannot compile and run a class \(grammar 735 needs it\): compile-error/);
      for (const dir of ['unknown-flag', 'no-classes', 'flags-no-classes'])
        expect(() => records(dir)).toThrow(/ENOENT/);
    });
  },
);
