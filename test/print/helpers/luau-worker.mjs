// Runs luau-web in a worker thread: a compile error that aborts the VM (C++ exceptions are
// not caught in this build) ends only this worker, and the main thread starts another.
import { parentPort } from 'node:worker_threads';
import { LuauState } from 'luau-web';

const results = [];
const state = await LuauState.createAsync({
  print: (...args) => {
    results.push(args.map((a) => (a === null || a === undefined ? 'nil' : String(a))).join('\t'));
  },
});

parentPort.on('message', async (job) => {
  const out = [];
  for (let i = 0; i < job.sources.length; i++) {
    try {
      const fn = state.loadstring(job.sources[i], 'program', false);
      if (typeof fn === 'string') {
        out.push({ error: fn });
      } else if (job.run) {
        results.length = 0;
        try {
          await fn();
          out.push({ output: results.join('\n') });
        } catch (e) {
          out.push({ output: results.join('\n'), runError: String(e).slice(0, 500) });
        }
      } else {
        out.push({});
      }
    } catch (e) {
      parentPort.postMessage({ id: job.id, out, abortedAt: i, abort: String(e).slice(0, 500) });
      process.exit(1);
    }
  }
  parentPort.postMessage({ id: job.id, out });
});
parentPort.postMessage({ ready: true });
