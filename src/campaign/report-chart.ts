/**
 * Text as HTML (for the report's text and attributes).
 *
 * @example
 * ```ts
 * escapeHtml('a < b'); // 'a &lt; b'
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * A chart's size and its data's ranges, for {@link chartFrame}.
 *
 * @example
 * ```ts
 * const f: Frame = { w: 640, h: 200, maxX: 60, maxY: 1000 };
 * ```
 */
export interface Frame {
  readonly w: number;
  readonly h: number;
  readonly maxX: number;
  readonly maxY: number;
  /** The value at the bottom of the y axis (default 0). */
  readonly minY?: number;
}

/**
 * The axes of a chart with their titles and end values (every chart has titled axes).
 *
 * @example
 * ```ts
 * chartFrame(f, 'Programs done over time', 'time (s)', 'programs', '<polyline …/>');
 * ```
 */
export function chartFrame(
  f: Frame,
  title: string,
  xTitle: string,
  yTitle: string,
  body: string,
): string {
  const { w, h } = f;
  return (
    `<figure><svg width="${w + 90}" height="${h + 60}" viewBox="-70 -10 ${w + 90} ${h + 60}" role="img" aria-label="${escapeHtml(title)}">` +
    `<title>${escapeHtml(title)}</title>` +
    `<line x1="0" y1="${h}" x2="${w}" y2="${h}" stroke="#888"/><line x1="0" y1="0" x2="0" y2="${h}" stroke="#888"/>` +
    body +
    `<text x="-8" y="10" font-size="12" text-anchor="end">${f.maxY}</text>` +
    `<text x="-8" y="${h}" font-size="12" text-anchor="end">${f.minY ?? 0}</text>` +
    `<text class="axis-title" x="${w / 2}" y="${h + 40}" font-size="13" text-anchor="middle">${escapeHtml(xTitle)}</text>` +
    `<text class="axis-title" x="-50" y="${h / 2}" font-size="13" text-anchor="middle" transform="rotate(-90 -50 ${h / 2})">${escapeHtml(yTitle)}</text>` +
    `</svg><figcaption>${escapeHtml(title)}</figcaption></figure>`
  );
}
