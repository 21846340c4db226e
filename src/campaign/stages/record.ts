import { saveFound } from '../finding-storage.js';
import type { FinishedProgram } from '../scheduling.js';
import type { CampaignSession } from '../session.js';
import type { CampaignStore } from '../store.js';
import { Tally } from '../tally.js';

/**
 * Stage **record**: each finished program into `results.jsonl`, counted in the tally and the
 * session; a finding is saved as found (before its program is counted), with its tree when
 * this generator drew it, so that it is saved and shrunk from its own tree.
 *
 * @example
 * ```ts
 * const recorder = new Recorder(store, session, { keepTrees: true, onSaved: () => report(true) });
 * recorder.record(finished);
 * ```
 */
export class Recorder {
  /** What the campaign's programs did so far, over every session. */
  readonly tally: Tally;
  readonly #store: CampaignStore;
  readonly #session: CampaignSession;
  readonly #keepTrees: boolean;
  readonly #onSaved: () => void;

  /**
   * `keepTrees`: a finding's tree is recorded with it (not when another generator's thread
   * drew it: this one cannot draw it again); `onSaved`: called when findings were saved.
   */
  constructor(
    store: CampaignStore,
    session: CampaignSession,
    options: { readonly keepTrees: boolean; readonly onSaved: () => void },
  ) {
    this.#store = store;
    this.#session = session;
    this.#keepTrees = options.keepTrees;
    this.#onSaved = options.onSaved;
    this.tally = new Tally(store.options.runtimes);
    for (const r of store.records()) this.tally.add(r);
  }

  /** Records finished programs. */
  readonly record = (finished: readonly FinishedProgram[]): void => {
    const store = this.#store;
    const entries = finished.map(({ record, program }) =>
      record.finding === undefined || !this.#keepTrees || program === undefined
        ? { record }
        : { record, tree: program.tree },
    );
    const recorded = store.recordAll(entries, (taken) => {
      for (const { record: r } of taken) this.tally.add(r);
      if (saveFound(store, taken)) this.#onSaved();
    });
    this.#session.done += recorded.length;
  };
}
