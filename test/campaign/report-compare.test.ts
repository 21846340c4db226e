import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import {
  resolveCampaignOptions,
  runCampaign,
  type CampaignSummary,
} from '../../src/campaign/index.js';
import { WorkspaceClient } from '../../src/workspace/client/index.js';
import { startEmbeddedWorkspace } from '../../src/workspace/server/index.js';
import type { EmbeddedWorkspace } from '../../src/workspace/server/index.js';
import { coverageBuildDir, haveCoverageBuild } from '../helpers/coverage-build.js';
import { haveLuauTools, luauToolsDir } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

const luau = join(luauToolsDir, 'luau');
const coverageLuau = join(coverageBuildDir, 'luau');

/** Runs the CLI, its output captured. */
async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((c) => {
    out += String(c);
    return true;
  });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((c) => {
    err += String(c);
    return true;
  });
  try {
    return { code: await main(args), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

/** The points of the polyline labelled `label` in `html`. */
function points(html: string, label: string): string[] {
  const m = new RegExp(`<polyline data-label="${label}"[^>]* points="([^"]*)"`).exec(html);
  if (m === null) throw new Error(`no polyline labelled ${label}`);
  return m[1]!.split(' ');
}

describe.runIf(haveCoverageBuild && haveLuauTools)(
  'report --compare: a blind and a guided campaign on one chart',
  needsShared,
  () => {
    let root: string;
    let ws: EmbeddedWorkspace;
    const summaries: Record<string, CampaignSummary> = {};

    beforeAll(async () => {
      root = mkdtempSync(join(tmpdir(), 'luau-fuzz-report-compare-'));
      ws = await startEmbeddedWorkspace({ dataDir: join(root, 'workspace'), projects: 1 });
      const client = new WorkspaceClient({ baseUrl: ws.baseUrl, apiKey: ws.apiKey });
      // The blind arm is a guided campaign without mutants: the same coverage build, steps
      // and map, so that its curve is measured as the guided one's is.
      for (const [name, mutationShare] of [
        ['blind', 0],
        ['guided', 'auto'],
      ] as const) {
        const options = resolveCampaignOptions({
          count: 60,
          seed: 5,
          level: 'runnable',
          profile: 'luau',
          runtimes: [`luau-cli:-O2:path=${luau}`],
          batchSize: 30,
          timeoutMs: 5000,
          shrink: false,
          guided: {
            coverage: `luau-cli:-O2:path=${coverageLuau}`,
            corpora: [],
            mutationShare,
            stepSize: 20,
          },
        });
        summaries[name] = await runCampaign({
          dir: join(root, name),
          options,
          target: { client, projectIds: ws.projectIds },
        });
      }
    }, 240_000);
    afterAll(async () => {
      await ws.close();
      rmSync(root, { recursive: true, force: true });
    });

    it('draws both campaigns’ counters, each labelled with its share of mutants', async () => {
      const [blind, guided] = [join(root, 'blind'), join(root, 'guided')];
      const g = summaries['guided']!.guided!;
      const b = summaries['blind']!.guided!;
      expect(b.mutants).toBe(0);
      expect(g.mutants).toBeGreaterThan(0);
      expect(g.mutationShare).toBe('auto');
      const before = readFileSync(join(guided, 'report.html'), 'utf8');
      expect(before).not.toContain('Compared with other campaigns');

      const { code, out } = await cli(['report', guided, '--compare', blind]);
      expect(code).toBe(0);
      expect(out.trim()).toBe(join(guided, 'report.html'));
      const html = readFileSync(join(guided, 'report.html'), 'utf8');
      expect(html).toContain('Compared with other campaigns');
      // One point per step from the origin, each series scaled on the same axes.
      const gp = points(html, `${guided} \\(mutation share auto\\)`);
      const bp = points(html, `${blind} \\(mutation share 0\\)`);
      expect(gp).toHaveLength(g.timeline.length + 1);
      expect(bp).toHaveLength(b.timeline.length + 1);
      expect(gp[0]).toBe(bp[0]);
      // The table gives each campaign's counters at the end.
      expect(html).toContain(`<td>${g.programs}</td><td>${g.mutants}</td><td>${g.counters}</td>`);
      expect(html).toContain(`<td>${b.programs}</td><td>0</td><td>${b.counters}</td>`);
      // The rest of the report is still there.
      expect(html).toContain('<h2>Throughput</h2>');
      expect(html).toContain('Counters reached (green)');
    });

    it('refuses a directory without a curve, naming it and saying how to get one', async () => {
      const empty = join(root, 'empty');
      mkdirSync(empty);
      const unguided = join(root, 'unguided');
      mkdirSync(unguided);
      const { guided: _g, ...plain } = summaries['blind']!;
      writeFileSync(join(unguided, 'summary.json'), JSON.stringify(plain));
      const guided = join(root, 'guided');
      const a = await cli(['report', guided, '--compare', empty]);
      expect(a.code).toBe(1);
      expect(a.err).toContain(`${empty} holds no campaign summary`);
      const b = await cli(['report', guided, '--compare', unguided]);
      expect(b.code).toBe(1);
      expect(b.err).toContain(`${unguided}: the campaign recorded no coverage curve`);
      expect(b.err).toContain('--mutation-share 0');
    });
  },
);
