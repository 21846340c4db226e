import { chartFrame, escapeHtml } from './report-chart.js';

/**
 * One named curve of a {@link curvesSvg} chart: points in order of `x`.
 *
 * @example
 * ```ts
 * const blind: Curve = { label: 'blind', points: [{ x: 50, y: 4100 }, { x: 100, y: 4600 }] };
 * ```
 */
export interface Curve {
  readonly label: string;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

/** Colours of the curves, in order (dashes tell them apart where colour does not). */
const styles = [
  { stroke: '#2a6', dash: '' },
  { stroke: '#c44', dash: '6 3' },
  { stroke: '#36c', dash: '2 3' },
  { stroke: '#a6c', dash: '8 3 2 3' },
];

/**
 * Several curves on one chart with shared axes (both from 0), each in its own colour and
 * dash, named in a legend: a campaign's counters beside another's, or two arms of a bench.
 * Each polyline carries its label in `data-label`, so that the page can be checked for each
 * series.
 *
 * @example
 * ```ts
 * curvesSvg('Counters reached by programs run', 'programs', 'counters', [guided, blind]);
 * ```
 */
export function curvesSvg(
  title: string,
  xTitle: string,
  yTitle: string,
  curves: readonly Curve[],
): string {
  const all = curves.flatMap((c) => c.points);
  const f = {
    w: 640,
    h: 220,
    maxX: Math.max(...all.map((p) => p.x), 1),
    maxY: Math.max(...all.map((p) => p.y), 1),
  };
  const body = curves.map((c, k) => {
    const s = styles[k % styles.length]!;
    const points = c.points
      .map((p) => `${((p.x / f.maxX) * f.w).toFixed(1)},${(f.h - (p.y / f.maxY) * f.h).toFixed(1)}`)
      .join(' ');
    // Bottom right: curves of what was reached so far rise away from it.
    const legendY = f.h - 8 - 16 * (curves.length - 1 - k);
    return (
      `<polyline data-label="${escapeHtml(c.label)}" fill="none" stroke="${s.stroke}" stroke-width="2"` +
      `${s.dash === '' ? '' : ` stroke-dasharray="${s.dash}"`} points="${points}"/>` +
      `<line x1="${f.w - 200}" y1="${legendY - 4}" x2="${f.w - 176}" y2="${legendY - 4}" stroke="${s.stroke}" stroke-width="2"` +
      `${s.dash === '' ? '' : ` stroke-dasharray="${s.dash}"`}/>` +
      `<text x="${f.w - 170}" y="${legendY}" font-size="12">${escapeHtml(c.label)}</text>`
    );
  });
  return chartFrame(f, title, `${xTitle} (up to ${f.maxX})`, yTitle, body.join(''));
}
