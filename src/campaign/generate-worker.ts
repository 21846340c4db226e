// The module a generation thread of ProgramGenerator runs: the thread serves the settings it
// was started with (see serveGenerationThread).
import { serveGenerationThread } from './programs.js';

serveGenerationThread();
