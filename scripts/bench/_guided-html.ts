// The guided bench's HTML report: both arms' curves on one chart each (counters reached and
// lines covered over time), and what the bench printed. (A leading `_`: not a benchmark.)
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { curvesSvg, type Curve } from '../../src/campaign/index.js';
import type { LinesPoint } from './_guided-lines.js';

/** One arm's curves over the seconds of its campaign. */
export interface ArmCurves {
  readonly label: string;
  readonly counters: readonly { readonly s: number; readonly counters: number }[];
  readonly lines: readonly LinesPoint[];
}

const escape = (t: string): string =>
  t.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/**
 * Writes `file`: the arms' counters and lines over time, each measure on one chart.
 *
 * @example
 * ```ts
 * writeArmsReport('luau-fuzz-runs/bench-guided-seed1.html', { title, arms, text });
 * ```
 */
export function writeArmsReport(
  file: string,
  r: { readonly title: string; readonly arms: readonly ArmCurves[]; readonly text: string },
): void {
  const counters: Curve[] = r.arms.map((a) => ({
    label: a.label,
    points: [{ x: 0, y: 0 }, ...a.counters.map((p) => ({ x: Math.round(p.s), y: p.counters }))],
  }));
  const lines: Curve[] = r.arms.map((a) => ({
    label: a.label,
    points: [{ x: 0, y: 0 }, ...a.lines.map((p) => ({ x: p.s, y: p.lines }))],
  }));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${escape(r.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem}pre{background:#f6f6f6;padding:.8rem;overflow:auto}</style></head>
<body>
<h1>${escape(r.title)}</h1>
${curvesSvg('Lines covered (Ast, Compiler, VM, CodeGen) over time', 'seconds', 'lines covered', lines)}
${curvesSvg('Counters reached over time, each arm on its own map', 'seconds', 'counters reached', counters)}
<pre>${escape(r.text)}</pre>
</body></html>
`,
  );
}
