import { Worker } from 'node:worker_threads';

/** What luau-web made of one source. */
export interface LuauResult {
  /** The compiler's message when the source does not compile. */
  error?: string;
  /** What the program printed (when run), one `print` call per line. */
  output?: string;
  /** The error the program raised (when run). */
  runError?: string;
  /** The VM aborted on this source (a compile error it cannot report, or a crash). */
  abort?: string;
}

/** Sources one worker compiles before it is replaced (its heap does not give memory back). */
const RECYCLE_AFTER = 4_000;

interface Reply {
  id?: number;
  ready?: boolean;
  out: LuauResult[];
  abortedAt?: number;
  abort?: string;
}

/**
 * luau-web in a worker thread that is replaced when the VM aborts, so that one bad source
 * is reported as a result instead of ending the test process.
 */
export class LuauWorker {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private nextId = 0;
  /** Sources given to the current worker. */
  private used = 0;

  private start(): Promise<void> {
    const worker = new Worker(new URL('./luau-worker.mjs', import.meta.url));
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    return this.ready;
  }

  private async batch(sources: string[], run: boolean): Promise<Reply> {
    if (this.worker === undefined) await this.start();
    await this.ready;
    const worker = this.worker!;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(reply);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.postMessage({ id, sources, run });
    });
  }

  /**
   * Compiles (and with `run`, runs) each source; one result per source, in order. The VM
   * has a fixed heap that loaded functions fill, so a worker is replaced after
   * {@link RECYCLE_AFTER} sources, and a source that ran out of memory is retried once in
   * a fresh one.
   */
  async process(sources: string[], run = false): Promise<LuauResult[]> {
    const results: LuauResult[] = [];
    let rest = sources;
    let retried = false;
    while (rest.length > 0) {
      if (this.used >= RECYCLE_AFTER) await this.close();
      const chunk = rest.slice(0, RECYCLE_AFTER - this.used);
      this.used += chunk.length;
      const reply = await this.batch(chunk, run);
      results.push(...reply.out);
      if (reply.abortedAt === undefined) {
        rest = rest.slice(chunk.length);
        retried = false;
        continue;
      }
      const abort = reply.abort ?? 'aborted';
      this.worker = undefined;
      this.used = 0;
      if (/OOM|memory/.test(abort) && !retried) {
        retried = true;
        rest = rest.slice(reply.abortedAt);
        continue;
      }
      results.push({ abort });
      retried = false;
      rest = rest.slice(reply.abortedAt + 1);
    }
    return results;
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
    this.used = 0;
  }
}
