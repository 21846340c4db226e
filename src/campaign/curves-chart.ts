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
 * Several curves on one chart with shared axes, each in its own colour and dash, named in a
 * legend: a campaign's counters beside another's, or two arms of a bench. The x axis starts
 * at 0; the y axis at the lowest value any curve has after the first eighth of the x range
 * (rounded down to a hundred), since what was reached so far rises steeply at first and then
 * differs by a few per cent between curves: the steep start is cut off at the bottom. Each
 * polyline carries its label in `data-label`, so that the page can be checked for each
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
  const maxX = Math.max(...all.map((p) => p.x), 1);
  const maxY = Math.max(...all.map((p) => p.y), 1);
  const later = all.filter((p) => p.x >= maxX / 8).map((p) => p.y);
  const minY = Math.min(Math.floor(Math.min(...later, maxY) / 100) * 100, maxY - 1);
  const f = { w: 640, h: 220, maxX, maxY, minY };
  const body = curves.map((c, k) => {
    const s = styles[k % styles.length]!;
    const points = c.points
      .map(
        (p) =>
          `${((p.x / maxX) * f.w).toFixed(1)},${(f.h - ((p.y - minY) / (maxY - minY)) * f.h).toFixed(1)}`,
      )
      .join(' ');
    // Bottom right: curves of what was reached so far rise away from it.
    const legendY = f.h - 8 - 16 * (curves.length - 1 - k);
    return (
      // Clipped to the plot: the steep start falls below the y axis's lower end.
      `<svg x="0" y="0" width="${f.w}" height="${f.h}" overflow="hidden">` +
      `<polyline data-label="${escapeHtml(c.label)}" fill="none" stroke="${s.stroke}" stroke-width="2"` +
      `${s.dash === '' ? '' : ` stroke-dasharray="${s.dash}"`} points="${points}"/></svg>` +
      `<line x1="${f.w - 200}" y1="${legendY - 4}" x2="${f.w - 176}" y2="${legendY - 4}" stroke="${s.stroke}" stroke-width="2"` +
      `${s.dash === '' ? '' : ` stroke-dasharray="${s.dash}"`}/>` +
      `<text x="${f.w - 170}" y="${legendY}" font-size="12">${escapeHtml(c.label)}</text>`
    );
  });
  return chartFrame(
    f,
    title,
    `${xTitle} (up to ${maxX})`,
    `${yTitle} (from ${minY})`,
    body.join(''),
  );
}
