import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { file_luau } from '../../gen/luau_pb.js';
import { outcomeStatuses } from '../runtime/index.js';
import type { CampaignSummary } from './campaign.js';
import type { CampaignStore } from './store.js';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
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
    `${s.stopped ? 'Stopped' : 'Finished'}: ${s.done}/${s.total} programs in ${s.elapsedSeconds.toFixed(1)} s ` +
      `(${s.programsPerSecond.toFixed(1)} programs/s), level ${s.level}, seed ${s.seed}`,
  );
  lines.push('');
  const header = ['outcome', ...s.runtimes];
  const rows = outcomeStatuses.map((status) => [
    status,
    ...s.statuses.map((c) => String(c[status] ?? 0)),
  ]);
  lines.push(table([header, ...rows]));
  if (s.unprintable > 0) lines.push(`unprintable trees: ${s.unprintable}`);
  lines.push('');
  const kinds = Object.entries(s.findingKinds);
  if (kinds.length === 0) {
    lines.push('No findings.');
  } else {
    lines.push(table([['finding', 'programs'], ...kinds.map(([k, n]) => [k, String(n)])]));
    lines.push('');
    lines.push(
      table([
        ['saved finding', 'kind', 'programs', 'nodes', 'shrunk to'],
        ...s.findings.map((f) => [
          f.hash,
          f.kind,
          String(f.occurrences.length),
          String(f.original.nodes),
          f.shrunk.shrunk ? String(f.shrunk.nodes) : '-',
        ]),
      ]),
    );
  }
  lines.push('');
  lines.push(
    table([
      ['project', 'batches', 'programs'],
      ...s.projects.map((p) => [p.projectId, String(p.batches), String(p.programs)]),
    ]),
  );
  lines.push('');
  lines.push(`Findings: ${join(s.dir, 'findings')}   Report: ${join(s.dir, 'report.html')}`);
  if (s.stopped) lines.push(`Continue with: luau-fuzz run --resume ${s.dir}`);
  return `${lines.join('\n')}\n`;
}

function throughputSvg(samples: readonly { t: number; done: number }[]): string {
  if (samples.length < 2) return '<p>Not enough samples.</p>';
  const w = 640;
  const h = 200;
  const maxT = Math.max(...samples.map((x) => x.t), 1);
  const maxDone = Math.max(...samples.map((x) => x.done), 1);
  const points = samples
    .map((x) => `${((x.t / maxT) * w).toFixed(1)},${(h - (x.done / maxDone) * h).toFixed(1)}`)
    .join(' ');
  return (
    `<svg width="${w + 60}" height="${h + 40}" viewBox="-50 -10 ${w + 60} ${h + 40}" role="img" aria-label="programs done over time">` +
    `<line x1="0" y1="${h}" x2="${w}" y2="${h}" stroke="#888"/><line x1="0" y1="0" x2="0" y2="${h}" stroke="#888"/>` +
    `<polyline fill="none" stroke="#2a6" stroke-width="2" points="${points}"/>` +
    `<text x="-45" y="10" font-size="12">${maxDone}</text><text x="${w - 40}" y="${h + 20}" font-size="12">${maxT.toFixed(0)} s</text>` +
    `</svg>`
  );
}

/**
 * The campaign's `report.html`: outcome counts, throughput over time, node-kind coverage and
 * each finding's shrunk source. Self-contained (no scripts, no external files).
 *
 * @example
 * ```ts
 * writeFileSync('report.html', reportHtml(summary, store));
 * ```
 */
export function reportHtml(s: CampaignSummary, store: CampaignStore): string {
  // Every message kind of the schema, the ones never generated included (count 0).
  const counts = store.coverage();
  for (const desc of file_luau.messages) counts[desc.name] ??= 0;
  const coverage = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const covered = coverage.filter(([, n]) => n > 0).length;
  const totalNodes = coverage.reduce((a, [, n]) => a + n, 0);
  const outcomeRows = outcomeStatuses
    .map(
      (st) => `<tr><td>${st}</td>${s.statuses.map((c) => `<td>${c[st] ?? 0}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const findings = s.findings
    .map((f) => {
      const first = f.shrunk.outcomes[0] ?? f.original.outcomes[0];
      return (
        `<section><h3>${escapeHtml(f.kind)} · <code>${f.hash}</code></h3>` +
        `<p>${f.occurrences.length} program(s); original ${f.original.nodes} nodes (program ${f.original.index})` +
        (f.shrunk.shrunk
          ? `, shrunk to ${f.shrunk.nodes} nodes in ${f.shrunk.attempts} runs`
          : ', not shrunk') +
        `</p>` +
        (first?.error === undefined
          ? ''
          : `<p>Message: <code>${escapeHtml(first.error)}</code></p>`) +
        `<pre>${escapeHtml(readSource(store.dir, f.hash))}</pre></section>`
      );
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>luau-fuzz campaign ${s.seed}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .6rem;text-align:right}
td:first-child,th:first-child{text-align:left}pre{background:#f6f6f6;padding:.8rem;overflow:auto}</style></head>
<body>
<h1>luau-fuzz campaign</h1>
<p>${s.done}/${s.total} programs${s.stopped ? ' (stopped)' : ''}, level <b>${escapeHtml(s.level)}</b>, seed ${s.seed},
runtimes ${s.runtimes.map(escapeHtml).join(' vs ')}; ${s.elapsedSeconds.toFixed(1)} s, ${s.programsPerSecond.toFixed(1)} programs/s.</p>
<h2>Outcomes</h2>
<table><tr><th>outcome</th>${s.runtimes.map((r) => `<th>${escapeHtml(r)}</th>`).join('')}</tr>
${outcomeRows}</table>
<h2>Throughput</h2>
${throughputSvg(store.progress.samples)}
<h2>Node-kind coverage</h2>
<p>${covered} of ${coverage.length} message kinds generated, ${totalNodes} nodes in all.</p>
<table><tr><th>kind</th><th>nodes</th></tr>
${coverage.map(([k, n]) => `<tr><td>${escapeHtml(k)}</td><td>${n}</td></tr>`).join('\n')}</table>
<h2>Findings (${s.findings.length})</h2>
${findings || '<p>None.</p>'}
</body></html>
`;
}

function readSource(dir: string, hash: string): string {
  try {
    return readFileSync(join(dir, 'findings', hash, 'shrunk.luau'), 'utf8');
  } catch {
    return '';
  }
}

/**
 * Writes `report.html` and `summary.json` into the campaign directory.
 *
 * @example
 * ```ts
 * writeReport('campaign-1', summary, store);
 * ```
 */
export function writeReport(dir: string, summary: CampaignSummary, store: CampaignStore): void {
  writeFileSync(join(dir, 'report.html'), reportHtml(summary, store));
  writeFileSync(join(dir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
}
