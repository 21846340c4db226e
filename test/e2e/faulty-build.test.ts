import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCampaign } from '../../src/campaign/campaign.js';
import { resolveCampaignOptions } from '../../src/campaign/options.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';
import { haveLuauTools, luauToolsDir } from '../helpers/luau-tools.js';
import { required } from '../helpers/required.js';
import { needsShared } from '../helpers/shared.js';

const luau = join(luauToolsDir, 'luau');
const faulty = join(luauToolsDir, 'mutants', 'fmod-fast-sign', 'luau');
const haveFaulty = required(`the faulty build ${faulty}`, existsSync(faulty)) && haveLuauTools;

describe.runIf(haveFaulty)('a faulty Luau build', needsShared, () => {
  let root: string;
  let ws: EmbeddedWorkspace;
  let client: WorkspaceClient;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'luau-fuzz-faulty-'));
    ws = await startEmbeddedWorkspace({ dataDir: join(root, 'workspace'), projects: 1 });
    client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
  });
  afterAll(async () => {
    await ws.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('shows -O0 and -O2 of fmod-fast-sign disagreeing, shrunk to a few lines', async () => {
    // The fault: the fast call of math.fmod (emitted from -O1 on) ignores the dividend's sign.
    // The sound build runs beside it: Luau 0.715 itself prints `for i = -0, 0` differently at
    // -O0 and -O2, and with the sound -O2 as a third voice that divergence splits the runtimes
    // another way (its own signature) instead of joining the fault's finding.
    const runtimes = [
      `luau-cli:-O0:path=${faulty}`,
      `luau-cli:-O2:path=${faulty}`,
      `luau-cli:-O2:path=${luau}`,
    ];
    const dir = join(root, 'campaign');
    const summary = await runCampaign({
      dir,
      options: resolveCampaignOptions({
        count: 500,
        seed: 715,
        level: 'runnable',
        profile: 'luau',
        runtimes,
        workers: 2,
        timeoutMs: 5000,
        shrinkFindings: 1,
        shrinkAttempts: 300,
        shrinkTimeMs: 36_000,
      }),
      target: { client, projectIds: ws.projectIds },
    });
    expect(summary.done).toBe(500);
    expect(summary.findingKinds.mismatch).toBeGreaterThan(0);
    // The faulty -O2 alone against the faulty -O0 and the sound -O2: the fault's signature,
    // the largest group, shrunk first.
    const finding = summary.findings.find((f) => f.kind === 'mismatch' && f.shrunk.shrunk);
    expect(finding).toBeDefined();
    const f = finding!;
    expect(f.groups.map((g) => g.runtimes)).toEqual([[runtimes[0], runtimes[2]], [runtimes[1]]]);
    expect(f.shrunk.reproduced).toBe(true);

    const program = join(dir, 'findings', f.hash, 'shrunk.luau');
    const source = readFileSync(program, 'utf8');
    expect(source).toContain('math.fmod');
    // A few lines: the smallest statement holding a loop of closures is a 10-line block.
    expect(source.trim().split('\n').length).toBeLessThanOrEqual(12);
    // Outside luau-fuzz: the faulty build disagrees with itself, the real Luau does not.
    const out = (exe: string, level: string): string =>
      spawnSync(exe, [level, program], { encoding: 'utf8' }).stdout;
    expect(out(faulty, '-O2')).not.toBe(out(faulty, '-O0'));
    expect(out(luau, '-O2')).toBe(out(luau, '-O0'));
    expect(out(luau, '-O0')).toBe(out(faulty, '-O0'));
  });
});
