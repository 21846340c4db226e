import type { ComponentCoverage, EngineCoverage } from '../coverage/index.js';
import { curvesSvg } from './curves-chart.js';
import type { CorpusCoverage, GuidedPoint } from './guided/index.js';
import { chartFrame, escapeHtml } from './report-chart.js';
import type { CampaignSummary, GuidedSummary } from './summary.js';

/**
 * Another campaign's course by coverage, drawn beside a campaign's own in its report
 * (`luau-fuzz report DIR --compare OTHER`).
 *
 * @example
 * ```ts
 * const blind: ComparedCourse = { label: 'runs/blind (mutation share 0)', timeline: other.guided.timeline };
 * ```
 */
export interface ComparedCourse {
  readonly label: string;
  readonly timeline: readonly GuidedPoint[];
}

/**
 * How a campaign is named in a comparison: its directory and its share of mutants (a share of
 * 0 is a blind campaign measured on the coverage build).
 *
 * @example
 * ```ts
 * courseLabel('runs/blind', summary.guided); // 'runs/blind (mutation share 0)'
 * ```
 */
export function courseLabel(dir: string, g: GuidedSummary): string {
  return g.mutationShare === undefined ? dir : `${dir} (mutation share ${g.mutationShare})`;
}

function compareHtml(
  s: CampaignSummary,
  g: GuidedSummary,
  compared: readonly ComparedCourse[],
): string {
  const courses = [{ label: courseLabel(s.dir, g), timeline: g.timeline }, ...compared];
  const curve = (c: ComparedCourse) => ({
    label: c.label,
    points: [{ x: 0, y: 0 }, ...c.timeline.map((p) => ({ x: p.programs, y: p.counters }))],
  });
  // Counters of each at the number of programs the shortest ran: a fair point to compare.
  const common = Math.min(...courses.map((c) => c.timeline[c.timeline.length - 1]?.programs ?? 0));
  const at = (c: ComparedCourse): number =>
    c.timeline.filter((p) => p.programs <= common).pop()?.counters ?? 0;
  const rows = courses.map((c) => {
    const last = c.timeline[c.timeline.length - 1];
    return (
      `<tr><td>${escapeHtml(c.label)}</td><td>${last?.programs ?? 0}</td><td>${last?.mutants ?? 0}</td>` +
      `<td>${last?.counters ?? 0}</td><td>${at(c)}</td><td>${last?.corpus ?? 0}</td></tr>`
    );
  });
  return `<h3 id="compared">Compared with other campaigns</h3>
${curvesSvg('Counters reached by programs run, each campaign on its own map', 'programs', 'counters reached', courses.map(curve))}
<table><tr><th>campaign</th><th>programs</th><th>mutants</th><th>counters</th><th>counters by program ${common}</th><th>corpus</th></tr>
${rows.join('\n')}</table>`;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0 %' : `${((100 * part) / whole).toFixed(0)} %`;
}

function share(n: number, of: number): string {
  return of === 0 ? '–' : `${((100 * n) / of).toFixed(1)} %`;
}

// Fresh programs first, then the mutations by how many mutants they made.
function originRows(g: GuidedSummary): { origin: string; programs: number; counters: number }[] {
  const rows = Object.entries(g.origins ?? {}).flatMap(([origin, y]) =>
    y === undefined ? [] : [{ origin, ...y }],
  );
  return rows.sort(
    (a, b) =>
      Number(b.origin === 'fresh') - Number(a.origin === 'fresh') ||
      b.programs - a.programs ||
      a.origin.localeCompare(b.origin),
  );
}

function perProgram(counters: number, programs: number): string {
  return programs === 0 ? '–' : (counters / programs).toFixed(2);
}

function originLine(g: GuidedSummary): string[] {
  const rows = originRows(g);
  if (rows.length === 0) return [];
  return [
    'Counters reached first per program, by origin (a mutant by its first mutation): ' +
      rows
        .map((r) => `${r.origin} ${perProgram(r.counters, r.programs)} (${r.programs})`)
        .join(', '),
  ];
}

function originHtml(g: GuidedSummary): string {
  const rows = originRows(g).map(
    (r) =>
      `<tr><td>${escapeHtml(r.origin)}</td><td>${r.programs}</td><td>${r.counters}</td>` +
      `<td>${perProgram(r.counters, r.programs)}</td></tr>`,
  );
  if (rows.length === 0) return '';
  return `<h3 id="origins">What each origin found</h3>
<p>Programs drawn fresh, and mutants by their first mutation: counters of the coverage build each reached first.</p>
<table><tr><th>origin</th><th>programs</th><th>counters reached first</th><th>per program</th></tr>
${rows.join('\n')}</table>`;
}

function engineRows(c: EngineCoverage): { label: string; row: ComponentCoverage }[] {
  return c.tools.flatMap((t) =>
    t.components.map((row) => ({ label: `${t.tool} (${t.modes.join(', ')})`, row })),
  );
}

function engineLine(engine: CorpusCoverage): string {
  if ('unavailable' in engine) return `Engine coverage not measured: ${engine.unavailable}`;
  return (
    'Engine coverage of the corpus, lines: ' +
    engineRows(engine.measured)
      .map(({ row }) => `${row.component} ${share(row.lines.generated, row.lines.count)}`)
      .join(', ')
  );
}

function engineHtml(engine: CorpusCoverage): string {
  if ('unavailable' in engine)
    return `<p>Engine coverage not measured: ${escapeHtml(engine.unavailable)}</p>`;
  const rows = engineRows(engine.measured).map(
    ({ label, row }) =>
      `<tr><td>${escapeHtml(label)}</td><td>${escapeHtml(row.component)}</td>` +
      `<td>${row.lines.generated} of ${row.lines.count}</td><td>${share(row.lines.generated, row.lines.count)}</td>` +
      `<td>${row.branches.generated} of ${row.branches.count}</td><td>${share(row.branches.generated, row.branches.count)}</td></tr>`,
  );
  return `<h3>Engine coverage</h3>
<p>What the corpus reaches of the coverage build, per component (every counter the campaign reached, a corpus entry reached first).</p>
<table><tr><th>executable</th><th>component</th><th>lines</th><th></th><th>branches</th><th></th></tr>
${rows.join('\n')}</table>`;
}

/**
 * The summary's lines on guidance by coverage (none for a campaign that was not guided).
 *
 * @example
 * ```ts
 * lines.push(...guidedLines(summary)); // ['Guided by …: 2,100 counters, 37 corpus entries, …']
 * ```
 */
export function guidedLines(s: CampaignSummary): string[] {
  const g = s.guided;
  if (g === undefined) return [];
  return [
    `Guided by ${g.coverage}: ${g.counters} counters reached, ${g.corpus} corpus entries, ` +
      `${g.mutants} of ${g.programs} programs mutants (${percent(g.mutants, g.programs)})`,
    ...originLine(g),
    ...(g.engine === undefined ? [] : [engineLine(g.engine)]),
    '',
  ];
}

/**
 * The report's section on guidance by coverage: counters reached and corpus size as the
 * programs went, and the share of mutants (empty for a campaign that was not guided); with
 * `compared`, other campaigns' counters on one chart with its own.
 *
 * @example
 * ```ts
 * const html = guidedHtml(summary, [{ label: 'runs/blind (mutation share 0)', timeline }]);
 * ```
 */
export function guidedHtml(s: CampaignSummary, compared: readonly ComparedCourse[] = []): string {
  const g = s.guided;
  if (g === undefined) return '';
  const points = [{ programs: 0, counters: 0, corpus: 0 }, ...g.timeline];
  const f = {
    w: 640,
    h: 200,
    maxX: Math.max(...points.map((p) => p.programs), 1),
    maxY: Math.max(...points.map((p) => p.counters), 1),
  };
  const line = (y: (p: (typeof points)[number]) => number, max: number): string =>
    points
      .map(
        (p) =>
          `${((p.programs / f.maxX) * f.w).toFixed(1)},${(f.h - (y(p) / max) * f.h).toFixed(1)}`,
      )
      .join(' ');
  const maxCorpus = Math.max(...points.map((p) => p.corpus), 1);
  const chart = chartFrame(
    f,
    `Counters reached (green) and corpus size (blue, up to ${maxCorpus}) by programs run`,
    `programs (up to ${f.maxX})`,
    'counters reached',
    `<polyline fill="none" stroke="#2a6" stroke-width="2" points="${line((p) => p.counters, f.maxY)}"/>` +
      `<polyline fill="none" stroke="#36c" stroke-width="1.5" stroke-dasharray="4 3" points="${line((p) => p.corpus, maxCorpus)}"/>`,
  );
  return `<h2 id="guided">Guided by coverage</h2>
<p>Coverage runtime ${escapeHtml(g.coverage)}: <b>${g.counters}</b> counters reached, <b>${g.corpus}</b> corpus entries,
${g.mutants} of ${g.programs} programs mutants of corpus entries (${percent(g.mutants, g.programs)}).</p>
${chart}
${originHtml(g)}
${compared.length === 0 ? '' : compareHtml(s, g, compared)}
${g.engine === undefined ? '' : engineHtml(g.engine)}`;
}
