/**
 * How the programs of a coverage build are run: the options {@link CoverageRunner} and
 * {@link measureEngineCoverage} share.
 *
 * @example
 * ```ts
 * const options: CoverageRunOptions = { timeoutMs: 5000, concurrency: 1 };
 * ```
 */
export interface CoverageRunOptions {
  /** Wall-clock limit of one program, in ms. Default 10000. */
  readonly timeoutMs?: number | undefined;
  /** Processes at a time. Default 2. */
  readonly concurrency?: number | undefined;
  /** Where the programs and profiles are written (a fresh folder, removed when done). Default: the system's. */
  readonly tmpDir?: string | undefined;
}
