/// <reference lib="dom" />
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliProcess, type CliExit } from '../helpers/cli-process.js';
import type { CampaignSummary } from '../../src/campaign/summary.js';
import { runnerSourceDir } from '../../src/runtime/runner-files.js';
import { onPath, required } from '../helpers/required.js';

// The browser `.ci/run` installs, found on the PATH.
const chromiumPath = onPath('chromium');
const haveChromium = required('chromium on the PATH', chromiumPath !== undefined);
const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-report-'));
const workspaceDir = join(root, 'workspace');
const out = join(root, 'campaign');

function cli(args: string[]): Promise<CliExit> {
  return cliProcess(args).done;
}

/** The campaign directory over HTTP on loopback, as a browser would open a published one. */
function serve(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || path.endsWith('/')) {
      res.writeHead(404).end();
      return;
    }
    const type = extname(file) === '.html' ? 'text/html; charset=utf-8' : 'text/plain';
    res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.runIf(haveChromium)('report.html in a browser', () => {
  let wrapper: string;
  let run: Awaited<ReturnType<typeof cli>>;

  beforeAll(async () => {
    // A faulty runtime with two bugs: it segfaults on `repeat` loops and aborts on `while` loops.
    wrapper = join(root, 'faulty-luau.sh');
    writeFileSync(
      wrapper,
      `#!/bin/sh\nif grep -q 'repeat' "$1"; then kill -SEGV $$; fi\n` +
        `if grep -q 'while' "$1"; then kill -ABRT $$; fi\n` +
        `exec node ${JSON.stringify(join(runnerSourceDir, 'main.mjs'))} luau "$1"\n`,
    );
    chmodSync(wrapper, 0o755);
    run = await cli([
      'run',
      ...['--count', '24', '--seed', '7', '--level', 'syntax'],
      ...['--runtime', `command:${wrapper} {program}`, '--workers', '3', '--timeout', '8000'],
      ...['--shrink-findings', '1', '--shrink-attempts', '60', '--shrink-time', '40000'],
      ...['--out', out, '--workspace-dir', workspaceDir, '--no-progress'],
    ]);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('exits 3 when the campaign has findings, and 0 with --no-fail-on-findings', async () => {
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.stdout).toMatch(/^Finished: 24\/24 programs/);
    expect(run.code).toBe(3);
    // The finished campaign again: the same findings, reported without failing.
    const again = await cli([
      'run',
      '--resume',
      out,
      '--no-fail-on-findings',
      '--workspace-dir',
      workspaceDir,
      '--no-progress',
    ]);
    expect(again.stdout).toMatch(/^Finished: 24\/24 programs/);
    expect(again.code).toBe(0);
  });

  it('shows the findings first, with working links and commands, and logs no error', async () => {
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as CampaignSummary;
    // Two bugs, two findings: one shrunk (the budget is 1), one saved as found.
    expect(summary.findings.map((f) => f.signature).sort()).toEqual([
      `crash · command:${wrapper} {program} · SIGABRT`,
      `crash · command:${wrapper} {program} · SIGSEGV`,
    ]);
    const shrunk = summary.findings.find((f) => f.shrunk.shrunk)!;
    const unshrunk = summary.findings.find((f) => !f.shrunk.shrunk)!;
    expect(shrunk).toBeDefined();
    expect(unshrunk).toBeDefined();

    const server = await serve(out);
    const profile = mkdtempSync(join(root, 'chromium-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath!,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const errors: string[] = [];
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
      page.on('response', (r) => {
        if (r.status() >= 400) errors.push(`${r.status()}: ${r.url()}`);
      });
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console: ${m.text()}`);
      });
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const response = await page.goto(`${base}report.html`);
      expect(response?.status()).toBe(200);

      // Findings come first: the first heading after the title, before outcomes and coverage.
      const headings = await page.locator('h2').allTextContents();
      expect(headings[0]).toBe('Findings (2)');
      expect(headings.indexOf('Outcomes')).toBeGreaterThan(0);
      expect(headings.indexOf('Node-kind coverage')).toBeGreaterThan(headings.indexOf('Outcomes'));
      const before = await page.evaluate(() => {
        const finding = document.querySelector('section.finding')!;
        const outcomes = Array.from(document.querySelectorAll('h2')).find(
          (h) => h.textContent === 'Outcomes',
        )!;
        return Boolean(
          finding.compareDocumentPosition(outcomes) & Node.DOCUMENT_POSITION_FOLLOWING,
        );
      });
      expect(before).toBe(true);
      await expect(page.locator('section.finding').count()).resolves.toBe(2);

      // Every link of every finding opens its file.
      const links = await page
        .locator('section.finding a')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(links).toContain(`${base}findings/${shrunk.hash}/shrunk.luau`);
      expect(links).toContain(`${base}findings/${unshrunk.hash}/original.luau`);
      expect(links).not.toContain(`${base}findings/${unshrunk.hash}/shrunk.luau`);
      for (const href of links) {
        const file = join(out, decodeURIComponent(new URL(href).pathname));
        const body = await page.evaluate(async (url) => {
          const r = await fetch(url);
          return { status: r.status, size: (await r.arrayBuffer()).byteLength };
        }, href);
        expect(body, href).toEqual({ status: 200, size: readFileSync(file).length });
      }
      // The report itself logged nothing (a plain-text page gets the browser's favicon request).
      expect(errors).toEqual([]);
      const source = readFileSync(join(out, 'findings', shrunk.hash, 'shrunk.luau'), 'utf8');
      await page.locator(`a[href="findings/${shrunk.hash}/shrunk.luau"]`).click();
      await page.waitForURL(`${base}findings/${shrunk.hash}/shrunk.luau`);
      expect((await page.locator('body').innerText()).trim()).toBe(source.trim());
      await page.goBack();

      // The commands reproduce: `luau-fuzz shrink DIR` and the runtime's own command line.
      const commands = (
        await page.locator(`#finding-${shrunk.hash} pre.commands`).innerText()
      ).split('\n');
      const dir = join(out, 'findings', shrunk.hash);
      expect(commands).toEqual([`luau-fuzz shrink ${dir}`, `${wrapper} ${dir}/shrunk.luau`]);
      const rerun = spawnSync('sh', ['-c', `exec ${commands[1]!}`]);
      expect(rerun.signal).toBe(shrunk.shrunk.outcomes[0]!.signal);

      // Both charts title both axes.
      const axisTitles = await page.locator('svg text.axis-title').allTextContents();
      expect(axisTitles).toHaveLength(4);
      for (const t of axisTitles) expect(t.trim()).not.toBe('');
      expect(errors.filter((e) => !e.startsWith('console: Failed to load resource'))).toEqual([]);
    } finally {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
