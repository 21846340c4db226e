const units: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * A time budget as the command line gives it, in ms: a number with a unit (`ms`, `s`, `m`,
 * `h`), several added (`1h30m`), or a bare number of seconds.
 *
 * @throws an error naming `flag` and what it takes.
 * @example
 * ```ts
 * durationMs('--duration', '10m'); // 600000
 * durationMs('--duration', '1h30m'); // 5400000
 * ```
 */
export function durationMs(flag: string, text: string): number {
  const t = text.trim();
  let total = 0;
  if (/^\d+(\.\d+)?$/.test(t)) total = Number(t) * 1000;
  else {
    const parts = [...t.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
    if (parts.length === 0 || parts.map((p) => p[0]).join('') !== t)
      throw new Error(
        `${flag} takes a time such as 90s, 10m, 1h30m or a number of seconds, got '${text}'`,
      );
    for (const [, n, unit] of parts) total += Number(n) * units[unit!]!;
  }
  if (!(total >= 1)) throw new Error(`${flag} must be longer than 0, got '${text}'`);
  return Math.round(total);
}
