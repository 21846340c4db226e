import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { GENERATOR_VERSION } from '../../src/arbitrary/index.js';
import {
  campaignArbitrary,
  generatePrograms,
  GeneratorVersionError,
  readFindings,
  resolveCampaignOptions,
  runCampaign,
  sourcesOf,
  type FindingRecord,
  type ProgramRecord,
  type ResolvedCampaignOptions,
} from '../../src/campaign/index.js';
import { mainOutput } from '../helpers/cli-in-process.js';
import { decodeTree } from '../../src/tree/index.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import {
  startEmbeddedWorkspace,
  type EmbeddedWorkspace,
} from '../../src/workspace/server/index.js';

const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-rederive-'));
const dir = join(root, 'campaign');
let ws: EmbeddedWorkspace;
let runtime: string;

const cli = mainOutput;

function workspaceFlags(): string[] {
  return ['--url', ws.baseUrl, '--api-key', ws.apiKey, '--project', ws.projectIds[0]!];
}

function editJson(path: string, edit: (o: Record<string, unknown>) => void): void {
  const o = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(o);
  writeFileSync(path, JSON.stringify(o, null, 2));
}

function records(): ProgramRecord[] {
  return readFileSync(join(dir, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as ProgramRecord);
}

beforeAll(async () => {
  ws = await startEmbeddedWorkspace({ dataDir: join(root, 'workspace'), projects: 1 });
  // The implementation under test crashes on every program with a while loop.
  const script = join(root, 'faulty.sh');
  writeFileSync(
    script,
    `#!/bin/sh\nif grep -q 'while' "$1"; then kill -ABRT $$; fi\ncksum < "$1"\n`,
  );
  chmodSync(script, 0o755);
  runtime = `command:${script} {program}`;
  // The first session: stopped after its first batch of ten.
  const controller = new AbortController();
  const first = await runCampaign({
    dir,
    options: resolveCampaignOptions({
      count: 30,
      seed: 3,
      level: 'syntax',
      runtimes: [runtime],
      batchSize: 10,
      inFlight: 1,
      timeoutMs: 5000,
      shrink: false,
    }),
    target: {
      client: new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey }),
      projectIds: [ws.projectIds[0]!],
    },
    signal: controller.signal,
    onProgress: (s) => {
      if (s.phase === 'run' && s.done >= 10) controller.abort();
    },
  });
  expect(first).toMatchObject({ done: 10, stopped: true });
});
afterAll(async () => {
  await ws.close();
  rmSync(root, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

describe('luau-fuzz run --resume', () => {
  it('refuses a campaign of another generator version, and --rederive continues it from the recorded trees', async () => {
    const found = records().filter((r) => r.finding !== undefined);
    // Seed 3 has while loops among its first ten programs.
    expect(found.length).toBeGreaterThan(0);
    // As a campaign recorded before versions were would be: no version, and its findings
    // not saved yet (they were saved only when a campaign finished).
    editJson(join(dir, 'options.json'), (o) => delete o.generatorVersion);
    rmSync(join(dir, 'findings'), { recursive: true, force: true });
    const before = readFileSync(join(dir, 'results.jsonl'), 'utf8');

    const refused = await cli(['run', '--resume', dir, '--json', ...workspaceFlags()]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `was recorded by a generator without a version (before versions were recorded), and this is generator version ${GENERATOR_VERSION}`,
    );
    expect(refused.stderr).toContain('--rederive');
    expect(readFileSync(join(dir, 'results.jsonl'), 'utf8')).toBe(before);
    await expect(
      runCampaign({
        dir,
        resume: true,
        target: {
          client: new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey }),
          projectIds: [ws.projectIds[0]!],
        },
      }),
    ).rejects.toThrow(GeneratorVersionError);

    const resumed = await cli([
      'run',
      '--resume',
      dir,
      '--rederive',
      '--json',
      '--no-fail-on-findings',
      ...workspaceFlags(),
    ]);
    expect(resumed.stderr).not.toMatch(/Error/);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ done: 30, stopped: false });
    const options = JSON.parse(
      readFileSync(join(dir, 'options.json'), 'utf8'),
    ) as ResolvedCampaignOptions;
    expect(options.generatorVersion).toBe(GENERATOR_VERSION);
    expect(options.generatorChanges).toEqual([
      { from: null, to: GENERATOR_VERSION, programsDone: 10 },
    ]);

    // Every finding's tree is recorded, and is the program that crashed.
    const all = records().filter((r) => r.finding !== undefined);
    expect(all.length).toBeGreaterThan(found.length);
    for (const r of all) {
      const path = join(dir, 'trees', `${r.i}.binpb`);
      const tree = decodeTree(ModuleSetSchema, readFileSync(path), 'binpb', { source: path });
      expect(sourcesOf(tree).program).toContain('while');
    }
    const [finding] = readFindings(join(dir, 'findings'));
    expect(finding!.generatorVersion).toBeNull();
    expect(readFileSync(join(dir, 'findings', finding!.hash, 'original.binpb'))).toEqual(
      readFileSync(join(dir, 'trees', `${finding!.original.index}.binpb`)),
    );
  });
});

describe('luau-fuzz shrink', () => {
  it('refuses a finding of another generator version, and --rederive shrinks its recorded tree', async () => {
    const [finding] = readFindings(join(dir, 'findings'));
    const folder = join(dir, 'findings', finding!.hash);
    const refused = await cli(['shrink', folder, ...workspaceFlags()]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `was recorded by a generator without a version (before versions were recorded), and this is generator version ${GENERATOR_VERSION}`,
    );
    expect(refused.stderr).toContain('--rederive');

    // Another seed: (seed, index) now replays another program, so only the recorded tree
    // holds the one that crashed.
    editJson(join(folder, 'outcome.json'), (o) => (o.seed = (o.seed as number) + 1));
    const [replay] = generatePrograms(
      campaignArbitrary({ level: 'syntax', profile: 'luau-web', maxNodes: null }),
      finding!.seed + 1,
      [finding!.original.index],
    );
    expect(replay!.program).not.toContain('while');
    const shrunk = await cli(['shrink', folder, '--rederive', '--json', ...workspaceFlags()]);
    expect(shrunk.stderr).not.toMatch(/Error/);
    expect(shrunk.code).toBe(0);
    const record = JSON.parse(shrunk.stdout) as FindingRecord;
    expect(record.shrunk).toMatchObject({ shrunk: true, reproduced: true });
    expect(record.shrunk.nodes).toBeLessThan(record.original.nodes);
    expect(readFileSync(join(folder, 'shrunk.luau'), 'utf8')).toContain('while');
  });

  it('keeps the shrunk program saved before when shrinking again gives a larger one, and says so', async () => {
    const [finding] = readFindings(join(dir, 'findings'));
    const folder = join(dir, 'findings', finding!.hash);
    const before = readFileSync(join(folder, 'outcome.json'), 'utf8');
    const shrunk = readFileSync(join(folder, 'shrunk.luau'), 'utf8');
    // One candidate: the original, which fails again and is larger than the shrunk program.
    const again = await cli([
      'shrink',
      folder,
      '--rederive',
      '--attempts',
      '1',
      ...workspaceFlags(),
    ]);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    const nodes = (JSON.parse(before) as FindingRecord).shrunk.nodes;
    expect(again.stdout).toMatch(
      new RegExp(
        `^crash: kept the shrunk program saved before \\(${nodes} nodes, \\d+ characters\\): this one \\(\\d+ nodes, \\d+ characters\\) is not smaller\n`,
      ),
    );
    expect(readFileSync(join(folder, 'outcome.json'), 'utf8')).toBe(before);
    expect(readFileSync(join(folder, 'shrunk.luau'), 'utf8')).toBe(shrunk);
  });

  it('names a bad --attempts before it connects to a workspace', async () => {
    const r = await cli(['shrink', root, '--attempts', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--attempts must be a whole number >= 1, got '0'");
  });
});
