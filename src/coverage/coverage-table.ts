import type { CoverageComparison, EngineCoverage, SetRuns } from './engine-coverage.js';

function pct(n: number, of: number): string {
  return of === 0 ? '–' : `${((100 * n) / of).toFixed(1)} %`;
}

/**
 * How one set's programs ended, one line per mode: `run-O0: 990 ok, 8 error, 2 crash`.
 *
 * @example
 * ```ts
 * formatSetRuns(report.generated); // '  run-O0: 27 ok, 22 error, 1 crash\n…'
 * ```
 */
export function formatSetRuns(runs: SetRuns): string {
  return Object.entries(runs.modes)
    .map(
      ([mode, counts]) =>
        `  ${mode}: ` +
        Object.entries(counts)
          .sort((a, b) => b[1] - a[1])
          .map(([status, n]) => `${n} ${status}`)
          .join(', ') +
        '\n',
    )
    .join('');
}

function columns(c: CoverageComparison): string[] {
  if (c.compared === undefined) return [pct(c.generated, c.count)];
  return [
    pct(c.generated, c.count),
    pct(c.compared, c.count),
    pct(c.union ?? 0, c.count),
    `+${c.onlyGenerated ?? 0}`,
    `+${c.onlyCompared ?? 0}`,
  ];
}

/**
 * The coverage tables of a report: per executable, lines then branches per component, with
 * the generated programs' share, and with compared programs also theirs, the union's, and the
 * lines (branch directions) each set covers that the other does not.
 *
 * @example
 * ```ts
 * process.stdout.write(formatEngineCoverage(await measureEngineCoverage(options)));
 * ```
 */
export function formatEngineCoverage(report: EngineCoverage): string {
  const withCompared = report.compared !== undefined;
  const head = withCompared
    ? ['component', 'instrumented', 'generated', 'compared', 'union', 'only gen.', 'only comp.']
    : ['component', 'instrumented', 'generated'];
  const out: string[] = [];
  for (const tool of report.tools) {
    for (const kind of ['lines', 'branches'] as const) {
      out.push(`${tool.tool} (${tool.modes.join(', ')}): ${kind} covered`);
      const rows = [
        head,
        ...tool.components.map((c) => [c.component, String(c[kind].count), ...columns(c[kind])]),
      ];
      const widths = head.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
      for (const r of rows)
        out.push(
          '  ' +
            r
              .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
              .join('  '),
        );
      out.push('');
    }
  }
  return out.join('\n');
}
