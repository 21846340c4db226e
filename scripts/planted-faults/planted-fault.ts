/** One textual change to a file of the checkout: `search` must occur exactly once. */
export interface FaultEdit {
  /** The file, relative to the checkout. */
  readonly file: string;
  /** The text to replace, exactly as it is in the file. */
  readonly search: string;
  /** What replaces it. */
  readonly replace: string;
}

/** A plausible bug, planted by `plant-faults.ts`, and the test that should catch it. */
export interface PlantedFault {
  /** A short name (`--only NAME`). */
  readonly name: string;
  /** What the bug does, in a few words. */
  readonly what: string;
  /** The promise of `test/README.md` it breaks (the first cell of its row, shortened). */
  readonly claim: string;
  /** The edits that make the bug. */
  readonly edits: readonly FaultEdit[];
  /** The test files to run, relative to the checkout. */
  readonly tests: readonly string[];
  /** Only the tests whose name matches this pattern (`vitest -t`). */
  readonly only?: string;
}
