// A generation thread of ProgramGenerator: draws a campaign's programs off the main thread,
// exactly as `generatePrograms` does on it (program i is the value at run i for the seed).
// Only the printed sources and the tree's statistics go back: the tree itself is replayed
// from (seed, index) on the main thread when it is needed (a finding), which costs far less
// than encoding every tree here and decoding it there.
import { parentPort, workerData } from 'node:worker_threads';
import type { GeneratorSettings } from '../arbitrary/index.js';
import { campaignArbitrary, campaignProgram, drawPrograms } from './programs.js';
import type { GenerateRequest, GeneratedProgram } from './program-generator.js';

const settings = workerData as GeneratorSettings;
const arbitrary = campaignArbitrary(settings);
parentPort!.on('message', (request: GenerateRequest) => {
  const programs: GeneratedProgram[] = drawPrograms(
    arbitrary,
    settings.seed,
    request.indices,
    (index, tree) => {
      const { tree: _tree, ...rest } = campaignProgram(index, tree);
      return rest;
    },
  );
  parentPort!.postMessage({ id: request.id, programs });
});
