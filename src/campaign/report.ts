import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkerCommand, parseChecker } from './type-check.js';
import { GENERATOR_VERSION } from '../arbitrary/index.js';
import { commandTemplate, outcomeStatuses, parseRuntime, shellWord } from '../runtime/index.js';
import type { RuntimeProfile } from '../runtime/index.js';
import type { CampaignSummary } from './summary.js';
import { unlimitedCount } from './options.js';
import { campaignGrammar } from './programs.js';
import type { FindingRecord } from './findings.js';
import type { CampaignStore } from './store.js';
import { guidedHtml, guidedLines, type ComparedCourse } from './guided-report.js';
import { outputDifference } from './output-difference.js';
import { chartFrame, escapeHtml } from './report-chart.js';
import { runtimeLabels, runtimeLegend, withRuntimeLabels } from './runtime-labels.js';
import { runtimeGroups, type RuntimeGroup } from './triage.js';
import { writeFileAtomic, writeJsonFile } from '../format/index.js';
import { SummaryFile } from './campaign-formats.js';

/**
 * How the runtimes split on the program a finding shows: the shrunk program's own outcomes
 * (from its last run while shrinking) when it was shrunk, else the original's.
 */
function shownGroups(f: FindingRecord): readonly RuntimeGroup[] {
  return f.shrunk.shrunk ? runtimeGroups(f.runtimes, f.shrunk.outcomes) : (f.groups ?? []);
}

/** A finding's signature for people: short runtime labels, and what differs in the outputs. */
function signatureText(f: FindingRecord): string {
  const labels = runtimeLabels(f.runtimes);
  const label = (spec: string): string => labels[f.runtimes.indexOf(spec)] ?? spec;
  const difference = f.kind === 'mismatch' ? outputDifference(shownGroups(f), label) : undefined;
  const signature = withRuntimeLabels(f.signature ?? f.kind, f.runtimes);
  return difference === undefined ? signature : `${signature} · ${difference}`;
}

function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]!.map((_, k) => Math.max(...rows.map((r) => (r[k] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cell, k) => (k === 0 ? cell.padEnd(widths[k]!) : cell.padStart(widths[k]!)))
        .join('  '),
    )
    .join('\n');
}

/** `120/1000 programs`, or `120 programs` without a count, with the time budget if any. */
function programsText(s: CampaignSummary): string {
  const of = s.total === unlimitedCount ? '' : `/${s.total}`;
  const budget = s.durationSeconds === undefined ? '' : ` (budget ${s.durationSeconds} s)`;
  return `${s.done}${of} programs${budget}`;
}

/** The summary's findings: programs by kind, then each saved finding and the checker bugs. */
function findingLines(s: CampaignSummary): string[] {
  const kinds = Object.entries(s.findingKinds);
  if (kinds.length === 0) return ['No findings.'];
  const lines = [table([['finding', 'programs'], ...kinds.map(([k, n]) => [k, String(n)])]), ''];
  lines.push(
    table([
      ['saved finding', 'kind', 'programs', 'nodes', 'shrunk to'],
      ...s.findings.map((f) => [
        f.hash,
        f.kind,
        String(f.occurrences.length),
        String(f.original.nodes),
        f.shrunk.shrunk
          ? String(f.shrunk.nodes)
          : f.shrunk.pending === true
            ? 'not shrunk yet'
            : 'not shrunk',
      ]),
    ]),
  );
  for (const f of s.findings) lines.push(`  ${f.hash}  ${signatureText(f)}`);
  if (s.checkerBugs !== undefined && s.checkerBugs.length > 0) {
    lines.push(
      '',
      `distinct checker bugs (causes of the reduced programs): ${s.checkerBugs.length}`,
    );
    for (const b of s.checkerBugs)
      lines.push(`  ${b.findings.join(', ')}  ${b.programs} program(s)  ${b.cause}`);
  }
  return lines;
}

/**
 * The campaign's final summary as a text table (what `luau-fuzz run` prints).
 *
 * @example
 * ```ts
 * process.stdout.write(formatSummary(summary));
 * ```
 */
export function formatSummary(s: CampaignSummary): string {
  const lines: string[] = [];
  lines.push(
    `${s.stopped ? 'Stopped' : 'Finished'}: ${programsText(s)} in ${s.elapsedSeconds.toFixed(1)} s ` +
      `(${s.programsPerSecond.toFixed(1)} programs/s), level ${s.level}, seed ${s.seed}`,
  );
  lines.push('');
  const header = ['outcome', ...runtimeLabels(s.runtimes)];
  const rows = outcomeStatuses.map((status) => [
    status,
    ...s.statuses.map((c) => String(c[status] ?? 0)),
  ]);
  lines.push(table([header, ...rows]));
  const legend = runtimeLegend(s.runtimes);
  if (legend.length > 0) lines.push('', 'runtimes:', ...legend);
  if (s.unprintable > 0) lines.push(`unprintable trees: ${s.unprintable}`);
  lines.push('');
  lines.push(...findingLines(s));
  lines.push('');
  lines.push(
    table([
      ['project', 'batches', 'programs'],
      ...s.projects.map((p) => [p.projectId, String(p.batches), String(p.programs)]),
    ]),
  );
  lines.push('', ...guidedLines(s));
  lines.push(`Findings: ${join(s.dir, 'findings')}   Report: ${join(s.dir, 'report.html')}`);
  if (s.stopped) lines.push(`Continue with: luau-fuzz run --resume ${s.dir}`);
  return `${lines.join('\n')}\n`;
}

function throughputSvg(samples: readonly { t: number; done: number }[]): string {
  if (samples.length < 2) return '<p>Not enough samples for a throughput chart.</p>';
  const f = {
    w: 640,
    h: 200,
    maxX: Math.max(...samples.map((x) => x.t), 1),
    maxY: Math.max(...samples.map((x) => x.done), 1),
  };
  const points = samples
    .map(
      (x) => `${((x.t / f.maxX) * f.w).toFixed(1)},${(f.h - (x.done / f.maxY) * f.h).toFixed(1)}`,
    )
    .join(' ');
  return chartFrame(
    f,
    'Programs done over time',
    `time since the start (s, up to ${f.maxX.toFixed(0)})`,
    'programs done',
    `<polyline fill="none" stroke="#2a6" stroke-width="2" points="${points}"/>`,
  );
}

/** Bar colours of the runtimes, in campaign order (repeating past the last). */
const runtimeColours = ['#2a6', '#36c', '#c80', '#a3a', '#c44', '#088', '#777', '#960'];

/**
 * Programs per outcome: one group of bars per outcome, labelled once under it, one bar per
 * runtime in its colour; the chart widens with the runtimes so that no label overlaps, and a
 * legend names each colour by its short label (the full spec in its tooltip).
 */
function outcomesSvg(s: CampaignSummary): string {
  const labels = runtimeLabels(s.runtimes);
  const runtimes = Math.max(1, s.statuses.length);
  const barWidth = 14;
  const groupWidth = Math.max(90, runtimes * barWidth + 20);
  const counts = s.statuses.flatMap((c) => outcomeStatuses.map((status) => c[status] ?? 0));
  const f = {
    w: Math.max(640, outcomeStatuses.length * groupWidth),
    h: 160,
    maxX: outcomeStatuses.length,
    maxY: Math.max(1, ...counts),
  };
  const step = f.w / outcomeStatuses.length;
  const colour = (k: number): string => runtimeColours[k % runtimeColours.length]!;
  const bars = outcomeStatuses
    .map((status, g) => {
      const left = g * step + (step - runtimes * barWidth) / 2;
      const group = s.statuses
        .map((c, k) => {
          const n = c[status] ?? 0;
          const height = (n / f.maxY) * f.h;
          return `<rect x="${(left + k * barWidth).toFixed(1)}" y="${(f.h - height).toFixed(1)}" width="${barWidth - 2}" height="${height.toFixed(1)}" fill="${colour(k)}"><title>${escapeHtml(`${s.runtimes[k] ?? ''} ${status}: ${n}`)}</title></rect>`;
        })
        .join('');
      return `${group}<text x="${(g * step + step / 2).toFixed(1)}" y="${f.h + 14}" font-size="11" text-anchor="middle">${escapeHtml(status)}</text>`;
    })
    .join('');
  const legend =
    s.runtimes.length < 2
      ? ''
      : `<p class="legend">${s.runtimes
          .map(
            (spec, k) =>
              `<span title="${escapeHtml(spec)}"><span style="display:inline-block;width:.8em;height:.8em;background:${colour(k)}"></span> ${escapeHtml(labels[k] ?? spec)}</span>`,
          )
          .join(' &nbsp; ')}</p>`;
  return chartFrame(f, 'Programs per outcome', 'outcome', 'programs', bars).replace(
    '</svg><figcaption>',
    `</svg>${legend}<figcaption>`,
  );
}

/**
 * Commands that reproduce a saved finding: `luau-fuzz shrink DIR` (with `--rederive` when
 * another generator version drew it), and for each runtime run by a command (`luau-cli`,
 * `command:`), its plain command line on the finding's program.
 *
 * @example
 * ```ts
 * reproduceCommands('runs/c1', record); // ['luau-fuzz shrink runs/c1/findings/3f9a…', 'luau -O2 runs/c1/findings/3f9a…/shrunk.luau']
 * ```
 */
export function reproduceCommands(campaignDir: string, f: FindingRecord): string[] {
  const dir = join(campaignDir, 'findings', f.hash);
  const stem = f.shrunk.shrunk ? 'shrunk' : 'original';
  const runnable = join(dir, `${stem}-run`, 'program.luau');
  const withModule = existsSync(runnable);
  const program = join(dir, `${stem}.luau`);
  // A program drawn by another generator version is shrunk from its recorded tree only.
  const rederive = (f.generatorVersion ?? null) !== GENERATOR_VERSION ? ' --rederive' : '';
  const commands = [`luau-fuzz shrink ${shellWord(dir)}${rederive}`];
  if (f.analyze !== undefined) {
    // A finding of the type checker: its command line, on the program alone.
    const checker = parseChecker(f.analyze);
    const check = f.shrunk.shrunk ? (f.shrunk.check ?? f.original.check) : f.original.check;
    for (const mode of check?.mode?.split(',') ?? [checker.modes[0]!.name])
      commands.push([...checkerCommand(checker, mode), program].map(shellWord).join(' '));
    return commands;
  }
  for (const spec of f.runtimes) {
    let profile: RuntimeProfile;
    try {
      profile = parseRuntime(spec);
    } catch {
      continue;
    }
    if (profile.kind === 'luau-web') continue;
    if (profile.kind === 'luau-cli') {
      // The plain `luau` command line; a program with a module runs from its `-run/` folder.
      commands.push(
        [profile.executable, ...profile.options, withModule ? runnable : program]
          .map(shellWord)
          .join(' '),
      );
      continue;
    }
    commands.push(
      splitTemplateWords(commandTemplate(profile))
        .map((w) =>
          shellWord(
            w
              .replaceAll('{programs}', program)
              .replaceAll('{program}', program)
              .replaceAll('{module}', join(dir, `${stem}.module.luau`))
              .replaceAll('{dir}', dir),
          ),
        )
        .join(' '),
    );
  }
  return [...new Set(commands)];
}

/** The words of a command template (quotes group, as the runner reads it). */
function splitTemplateWords(template: string): string[] {
  const words: string[] = [];
  for (const m of template.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g))
    words.push(m[1] ?? m[2] ?? m[3]!);
  return words;
}

function findingFiles(campaignDir: string, hash: string): string[] {
  const names = [
    'shrunk.luau',
    'shrunk.module.luau',
    'shrunk-run/program.luau',
    'shrunk-run/module0.luau',
    'original.luau',
    'original.module.luau',
    'original-run/program.luau',
    'original-run/module0.luau',
    'shrunk.textproto',
    'original.textproto',
    'shrunk.binpb',
    'original.binpb',
    'shrunk.check.txt',
    'original.check.txt',
    'outcome.json',
  ];
  return names.filter((n) => existsSync(join(campaignDir, 'findings', hash, n)));
}

function findingHtml(s: CampaignSummary, f: FindingRecord): string {
  const groups = shownGroups(f);
  const labels = runtimeLabels(f.runtimes);
  const label = (spec: string): string => labels[f.runtimes.indexOf(spec)] ?? spec;
  const shown = f.shrunk.shrunk ? 'shrunk' : 'original';
  const size = f.shrunk.shrunk
    ? `shrunk from ${f.original.nodes} to ${f.shrunk.nodes} nodes in ${f.shrunk.attempts} runs`
    : f.shrunk.pending === true
      ? `<strong>not shrunk yet</strong> (${f.original.nodes} nodes, the smallest program so far): the campaign shrinks it when its programs have run, <code>luau-fuzz run --resume</code> when it was stopped`
      : `<strong>not shrunk</strong> (${f.original.nodes} nodes; past the shrink budget): <code>luau-fuzz shrink</code> shrinks it`;
  const groupRows = groups
    .map(
      (g) =>
        `<tr><td>${g.runtimes.map((r) => `<span title="${escapeHtml(r)}">${escapeHtml(label(r))}</span>`).join('<br>')}</td><td>${escapeHtml(g.status)}${g.signal === undefined ? '' : ` (${escapeHtml(g.signal)})`}</td>` +
        `<td><code>${escapeHtml(g.outputHash.slice(0, 12))}</code></td><td><pre>${escapeHtml(g.output.slice(0, 300))}</pre></td>` +
        `<td>${g.error === undefined ? '' : `<pre>${escapeHtml(g.error.slice(0, 300))}</pre>`}</td></tr>`,
    )
    .join('\n');
  const files = findingFiles(s.dir, f.hash)
    .map((n) => `<a href="findings/${f.hash}/${n}">${n}</a>`)
    .join(' · ');
  return (
    `<section class="finding" id="finding-${f.hash}"><h3>${escapeHtml(f.kind)} · <code>${f.hash}</code></h3>` +
    `<p class="signature" title="${escapeHtml(f.signature ?? f.kind)}">${escapeHtml(signatureText(f))}</p>` +
    `<p>${f.occurrences.length} program(s) with this signature; program ${f.original.index} (the smallest) ${size}.</p>` +
    (groupRows === ''
      ? ''
      : `<p>Outcomes of ${shown}.luau${f.shrunk.shrunk ? ' (its own run)' : ''}:</p>` +
        `<table class="groups"><tr><th>runtimes</th><th>outcome</th><th>output hash</th><th>output</th><th>message</th></tr>\n${groupRows}</table>`) +
    `<p class="files">Files: ${files}</p>` +
    `<p>Reproduce:</p><pre class="commands">${reproduceCommands(s.dir, f).map(escapeHtml).join('\n')}</pre>` +
    `<p>${shown}.luau:</p><pre class="source">${escapeHtml(readSource(s.dir, f.hash, shown))}</pre></section>`
  );
}

/**
 * The campaign's `report.html`, findings first: each finding with its signature, how the
 * runtimes split, links to its files and the commands that reproduce it; then outcome
 * counts, charts (programs per outcome, programs done over time) and node-kind coverage.
 * Self-contained (no scripts, no external files; links are relative to the campaign
 * directory). A guided campaign's report draws the courses of `compared` campaigns beside its
 * own.
 *
 * @example
 * ```ts
 * writeFileSync('report.html', reportHtml(summary, store));
 * ```
 */
export function reportHtml(
  s: CampaignSummary,
  store: CampaignStore,
  compared: readonly ComparedCourse[] = [],
): string {
  // Every message kind of the schema, the ones never generated included (count 0).
  const counts = store.coverage();
  for (const desc of campaignGrammar(store.options).file.messages) counts[desc.name] ??= 0;
  const coverage = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const covered = coverage.filter(([, n]) => n > 0).length;
  const totalNodes = coverage.reduce((a, [, n]) => a + n, 0);
  const outcomeRows = outcomeStatuses
    .map(
      (st) => `<tr><td>${st}</td>${s.statuses.map((c) => `<td>${c[st] ?? 0}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const programs = Object.values(s.findingKinds).reduce((a, b) => a + b, 0);
  const findings = s.findings.map((f) => findingHtml(s, f)).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>luau-fuzz campaign ${s.seed}</title>
<style>body{font-family:system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .6rem;text-align:right;vertical-align:top}
td:first-child,th:first-child{text-align:left}pre{background:#f6f6f6;padding:.8rem;overflow:auto;margin:0}
table.groups td{text-align:left}section.finding{border-top:2px solid #c44;margin-top:1.5rem}
.signature{font-family:monospace}</style></head>
<body>
<h1>luau-fuzz campaign</h1>
<p>${programsText(s)}${s.stopped ? ' (stopped)' : ''}, level <b>${escapeHtml(s.level)}</b>, seed ${s.seed},
runtimes ${s.runtimes.map(escapeHtml).join(' vs ')}; ${s.elapsedSeconds.toFixed(1)} s, ${s.programsPerSecond.toFixed(1)} programs/s.</p>
<h2 id="findings">Findings (${s.findings.length})</h2>
${s.findings.length === 0 ? '<p>None.</p>' : `<p>${programs} program(s) showed a finding, grouped by signature (kind, runtimes, message) into ${s.findings.length}.</p>\n${findings}`}
<h2>Outcomes</h2>
<table><tr><th>outcome</th>${s.runtimes.map((r, k) => `<th title="${escapeHtml(r)}">${escapeHtml(runtimeLabels(s.runtimes)[k] ?? r)}</th>`).join('')}</tr>
${outcomeRows}</table>
${outcomesSvg(s)}
${guidedHtml(s, compared)}
<h2>Throughput</h2>
${throughputSvg(store.progress.samples)}
<h2>Node-kind coverage</h2>
<p>${covered} of ${coverage.length} message kinds generated, ${totalNodes} nodes in all.</p>
<details><summary>Nodes per message kind</summary>
<table><tr><th>kind</th><th>nodes</th></tr>
${coverage.map(([k, n]) => `<tr><td>${escapeHtml(k)}</td><td>${n}</td></tr>`).join('\n')}</table>
</details>
</body></html>
`;
}

function readSource(dir: string, hash: string, stem: string): string {
  const read = (name: string): string | undefined => {
    try {
      return readFileSync(join(dir, 'findings', hash, name), 'utf8');
    } catch {
      return undefined;
    }
  };
  const program = read(`${stem}.luau`) ?? '';
  const module = read(`${stem}.module.luau`);
  return module === undefined ? program : `-- module0\n${module}\n-- program\n${program}`;
}

/**
 * Writes `report.html` (with the courses of `compared` campaigns beside a guided one's) and
 * `summary.json` into the campaign directory.
 *
 * @example
 * ```ts
 * writeReport('campaign-1', summary, store);
 * ```
 */
export function writeReport(
  dir: string,
  summary: CampaignSummary,
  store: CampaignStore,
  compared: readonly ComparedCourse[] = [],
): void {
  // Rewritten as findings arrive: a campaign killed at any moment leaves whole files.
  writeFileAtomic(join(dir, 'report.html'), reportHtml(summary, store, compared));
  writeJsonFile(join(dir, 'summary.json'), SummaryFile, summary, { indent: 2 });
}
