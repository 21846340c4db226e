// A generation thread of ProgramGenerator: draws a campaign's programs off the main thread,
// exactly as `generatePrograms` does on it (program i is the value at run i for the seed).
import { parentPort, workerData } from 'node:worker_threads';
import { toBinary } from '@bufbuild/protobuf';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { campaignArbitrary, generatePrograms } from './programs.js';
import type { GenerateRequest, GenerateSettings, GeneratedProgram } from './program-generator.js';

const settings = workerData as GenerateSettings;
const arbitrary = campaignArbitrary(settings);
parentPort!.on('message', (request: GenerateRequest) => {
  const programs: GeneratedProgram[] = generatePrograms(
    arbitrary,
    settings.seed,
    request.indices,
  ).map(({ tree, ...rest }) => ({ ...rest, bytes: toBinary(ModuleSetSchema, tree) }));
  parentPort!.postMessage({ id: request.id, programs });
});
