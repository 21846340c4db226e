import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERATOR_VERSION } from '../../src/arbitrary/index.js';
import type { CampaignSummary } from '../../src/campaign/summary.js';
import { saveFinding } from '../../src/campaign/findings.js';
import { resolveCampaignOptions } from '../../src/campaign/options.js';
import { campaignArbitrary, generatePrograms } from '../../src/campaign/programs.js';
import { formatSummary, reportHtml, reproduceCommands } from '../../src/campaign/report.js';
import { CampaignStore } from '../../src/campaign/store.js';
import { outcomeStatuses, type ProgramOutcome } from '../../src/runtime/outcome.js';
import { realLuau } from '../runtime/luau-715.js';
import { needsShared } from '../helpers/shared.js';

const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-report-unit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const runtimes = ['luau-cli:-O0:path=/opt/my luau/luau', 'luau-cli:-O2:--codegen', 'luau-web'];
const options = resolveCampaignOptions({ count: 2, seed: 1, level: 'runnable', runtimes });
// Programs without a module: their command lines run `shrunk.luau` itself.
const [p0, p1] = generatePrograms(
  campaignArbitrary(options),
  1,
  Array.from({ length: 20 }, (_, i) => i),
).filter((p) => p.module === undefined);
const ok = (hash: string): ProgramOutcome => ({
  id: '0',
  status: 'ok',
  outputHash: hash,
  output: hash,
  timeMs: 1,
});
const outcomes = [ok('a'), ok('b'), ok('a')];
const common = { kind: 'mismatch' as const, seed: 1, level: 'runnable', profile: 'luau-web' };

function campaign(): { summary: CampaignSummary; store: CampaignStore } {
  const dir = join(root, 'c');
  const store = CampaignStore.create(dir, options);
  store.progress.samples.push({ t: 0, done: 0 }, { t: 1, done: 2 });
  const findingsDir = join(dir, 'findings');
  const shrunk = saveFinding(findingsDir, {
    ...common,
    signature: 'mismatch · one',
    maxNodes: null,
    generatorVersion: GENERATOR_VERSION,
    runtimes,
    original: { index: 0, outcomes, nodes: p0!.nodes, tree: p0!.tree },
    shrunk: { tree: p1!.tree, outcomes, attempts: 3, timeMs: 1, reproduced: true },
  }).record;
  const unshrunk = saveFinding(findingsDir, {
    ...common,
    signature: 'mismatch · two',
    maxNodes: null,
    generatorVersion: GENERATOR_VERSION,
    runtimes,
    original: { index: 1, outcomes, nodes: p1!.nodes, tree: p1!.tree },
    others: [{ index: 0, outcomes, nodes: p0!.nodes }],
  }).record;
  const summary: CampaignSummary = {
    dir,
    seed: 1,
    level: 'runnable',
    runtimes,
    total: 2,
    done: 2,
    stopped: false,
    elapsedSeconds: 1,
    programsPerSecond: 2,
    statuses: runtimes.map(() => ({ ok: 2 })),
    unprintable: 0,
    findingKinds: { mismatch: 3 },
    findings: [shrunk, unshrunk],
    projects: [],
  };
  return { summary, store };
}

describe('reproduceCommands', () => {
  it('gives `luau-fuzz shrink DIR` and the luau command line of every luau-cli runtime', () => {
    const { summary } = campaign();
    const [shrunk, unshrunk] = summary.findings;
    const dir = join(summary.dir, 'findings', shrunk!.hash);
    expect(reproduceCommands(summary.dir, shrunk!)).toEqual([
      `luau-fuzz shrink ${dir}`,
      `'/opt/my luau/luau' -O0 ${dir}/shrunk.luau`,
      `luau -O2 --codegen ${dir}/shrunk.luau`,
    ]);
    // Every option of a luau-cli spec, in order.
    const modes =
      'luau-cli:-O2:--jit-inliner:--fflags=LuauA=true,LuauB=false:path=/opt/luau-735/luau';
    expect(reproduceCommands(summary.dir, { ...shrunk!, runtimes: [modes] })[1]).toBe(
      `/opt/luau-735/luau -O2 --jit-inliner --fflags=LuauA=true,LuauB=false ${dir}/shrunk.luau`,
    );
    // Not shrunk: the commands run the original.
    expect(reproduceCommands(summary.dir, unshrunk!)[1]).toMatch(/\/original\.luau$/);
    // Drawn by another generator version: shrunk from its recorded tree.
    expect(reproduceCommands(summary.dir, { ...shrunk!, generatorVersion: null })[0]).toBe(
      `luau-fuzz shrink ${dir} --rederive`,
    );
  });
});

describe('reportHtml', () => {
  it('puts the findings first, with links to their files and how the runtimes split', () => {
    rmSync(join(root, 'c'), { recursive: true, force: true });
    const { summary, store } = campaign();
    const html = reportHtml(summary, store);
    const findings = html.indexOf('<h2 id="findings">Findings (2)</h2>');
    expect(findings).toBeGreaterThan(0);
    expect(findings).toBeLessThan(html.indexOf('<h2>Outcomes</h2>'));
    expect(html.indexOf('<h2>Outcomes</h2>')).toBeLessThan(html.indexOf('Node-kind coverage'));
    const [shrunk, unshrunk] = summary.findings;
    expect(html).toContain(`<a href="findings/${shrunk!.hash}/shrunk.luau">`);
    expect(html).toContain(`<a href="findings/${unshrunk!.hash}/original.luau">`);
    expect(html).not.toContain(`<a href="findings/${unshrunk!.hash}/shrunk.luau">`);
    expect(html).toContain('<strong>not shrunk</strong>');
    expect(html).toContain('2 program(s) with this signature');
    // Runtimes 1 and 3 printed the same, runtime 2 something else.
    // Each runtime by its short label, the full spec in its tooltip.
    expect(html).toContain(
      '<td><span title="luau-cli:-O0:path=/opt/my luau/luau">luau-cli:-O0:path=…/luau</span><br><span title="luau-web">luau-web</span></td>',
    );
    expect(html.match(/class="axis-title"/g)).toHaveLength(4);
  });

  it("shows the shrunk program's own outcomes, and says where a mismatch's outputs differ", () => {
    rmSync(join(root, 'c'), { recursive: true, force: true });
    const { summary, store } = campaign();
    const [shrunk] = summary.findings;
    const own = [ok('same\nfirst'), ok('same\nsecond'), ok('same\nfirst')];
    const record = { ...shrunk!, shrunk: { ...shrunk!.shrunk, outcomes: own } };
    const html = reportHtml({ ...summary, findings: [record] }, store);
    expect(html).toContain('Outcomes of shrunk.luau (its own run)');
    expect(html).toContain('<pre>same\nsecond</pre>');
    expect(html).not.toContain('<pre>b</pre>');
    expect(html).toContain(
      'mismatch · one · outputs differ at line 2: luau-cli:-O0:path=…/luau, luau-web &quot;first&quot; | luau-cli:-O2:--codegen &quot;second&quot;',
    );
  });

  it('labels each outcome once in the chart, with a legend of the runtimes, however many', () => {
    rmSync(join(root, 'c'), { recursive: true, force: true });
    const { summary, store } = campaign();
    const many = Array.from({ length: 7 }, (_, k) => `luau-cli:-O2:path=/builds/b${k}/luau`);
    const html = reportHtml(
      { ...summary, runtimes: many, statuses: many.map(() => ({ ok: 2 })), findings: [] },
      store,
    );
    const chart = html.slice(html.indexOf('<figure>'), html.indexOf('</figure>'));
    for (const status of outcomeStatuses)
      expect(chart.match(new RegExp(`>${status}</text>`, 'g'))).toHaveLength(1);
    expect(chart.match(/<rect /g)).toHaveLength(7 * outcomeStatuses.length);
    for (let k = 0; k < 7; k++)
      expect(chart).toContain(`</span> luau-cli:-O2:path=…/b${k}/luau</span>`);
  });
});

describe('formatSummary', () => {
  it('lists each saved finding with its signature and says which were not shrunk', () => {
    rmSync(join(root, 'c'), { recursive: true, force: true });
    const text = formatSummary(campaign().summary);
    expect(text).toMatch(/mismatch\s+1\s+\d+\s+\d+/);
    expect(text).toMatch(/mismatch\s+2\s+\d+\s+not shrunk/);
    expect(text).toContain('mismatch · two · outputs differ at line 1');
    // Short runtime labels in the table, their full specs in a legend below it.
    expect(text).toMatch(/^outcome +luau-cli:-O0:path=…\/luau +luau-cli:-O2:--codegen +luau-web$/m);
    expect(text).toContain('  luau-cli:-O0:path=…/luau = luau-cli:-O0:path=/opt/my luau/luau');
  });
});

describe('reproduceCommands', () => {
  it.skipIf(realLuau === undefined)(
    'runs a program that requires its module with the plain luau command line',
    needsShared,
    () => {
      const o = resolveCampaignOptions({ level: 'runnable', profile: 'luau', seed: 1 });
      const found = generatePrograms(
        campaignArbitrary(o),
        1,
        Array.from({ length: 40 }, (_, i) => i),
      );
      const p = found.find((x) => x.module !== undefined && x.program.includes('require'));
      expect(p).toBeDefined();
      const dir = join(root, 'with-module');
      const record = saveFinding(join(dir, 'findings'), {
        kind: 'runtime-error',
        signature: 'runtime-error · module',
        seed: 1,
        level: 'runnable',
        profile: 'luau',
        maxNodes: null,
        generatorVersion: GENERATOR_VERSION,
        runtimes: [`luau-cli:-O2:path=${realLuau}`],
        original: { index: p!.index, outcomes: [], nodes: p!.nodes, tree: p!.tree },
      }).record;
      const [, command] = reproduceCommands(dir, record);
      expect(command).toBe(
        `${realLuau} -O2 ${join(dir, 'findings', record.hash, 'original-run', 'program.luau')}`,
      );
      // A runnable program runs without error, its `require(module0)` included.
      const run = spawnSync('sh', ['-c', command!], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    },
  );
});
