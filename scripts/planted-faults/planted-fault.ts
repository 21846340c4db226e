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
  /** The test files to run, relative to the checkout (scripts of `scripts/` when `script`). */
  readonly tests: readonly string[];
  /**
   * The claim is checked by a script, not by vitest: each of `tests` runs as
   * `node --import tsx FILE` in the copy, and the fault is caught when one exits non-zero. The
   * copy is committed to a git repository first, for a script that clones the checkout.
   */
  readonly script?: boolean;
  /** Only the tests whose name matches this pattern (`vitest -t`). */
  readonly only?: string;
}
