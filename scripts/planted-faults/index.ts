// The faults plant-faults.ts plants, one file per table of test/README.md.
import { campaignCommandsFaults } from './campaign-commands.js';
import { commandsFaults } from './commands.js';
import { developmentFaults } from './development.js';
import { guidedFaults } from './guided.js';
import { levelsFaults } from './levels.js';
import { libraryFaults } from './library.js';
import type { PlantedFault } from './planted-fault.js';
import { runtimesFaults } from './runtimes.js';
import { serverFaults } from './server.js';

export type { FaultEdit, PlantedFault } from './planted-fault.js';

/**
 * Every fault `plant-faults.ts` plants: the ones an audit found surviving, and one or more per
 * claim of `test/README.md`, in the order of its tables.
 *
 * @example
 * ```ts
 * plantedFaults.find((f) => f.name === 'store-synchronous-off')?.tests; // ['test/workspace/serve-process.test.ts']
 * ```
 */
export const plantedFaults: readonly PlantedFault[] = [
  ...campaignCommandsFaults,
  ...commandsFaults,
  ...libraryFaults,
  ...runtimesFaults,
  ...levelsFaults,
  ...guidedFaults,
  ...serverFaults,
  ...developmentFaults,
];
