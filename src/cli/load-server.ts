import { createRequire } from 'node:module';
import type * as WorkspaceServer from '../workspace/server/index.js';

/** The embedded workspace server's module (Fastify and the SQLite driver behind it). */
export type WorkspaceServerModule = typeof WorkspaceServer;

/** The packages the embedded server needs beyond the library's own (optional peer dependencies). */
const serverPackages = ['better-sqlite3', 'fastify', '@fastify/formbody'] as const;

/**
 * The command that installs them, in the ranges `package.json` names; `light-my-request@6.6.0`
 * keeps Fastify's test helper on `cookie@1`, whose engines include Node 20 (`cookie@2` wants 22).
 *
 * @example
 * ```ts
 * console.error(`run: ${SERVER_INSTALL_COMMAND}`);
 * ```
 */
export const SERVER_INSTALL_COMMAND =
  'npm install better-sqlite3@^12.11.1 fastify@^5.12.8 @fastify/formbody@^9.0.1 light-my-request@6.6.0';

/**
 * The embedded workspace server could not be loaded: one of its packages is missing or its
 * native part was not built (an install with `--omit=optional` or `--ignore-scripts`).
 *
 * @example
 * ```ts
 * try { await loadWorkspaceServer('serve'); } catch (e) { if (e instanceof ServerUnavailableError) console.error(e.message); }
 * ```
 */
export class ServerUnavailableError extends Error {
  override readonly name = 'ServerUnavailableError';
}

/**
 * Loads the embedded workspace server when a command needs it, so that the commands and the
 * library parts that do not never load Fastify or the native SQLite driver. A missing or
 * unbuilt package is a {@link ServerUnavailableError} that says what to install (or that a
 * hosted workspace, `WORKSPACE_URL`, needs none of it).
 *
 * @example
 * ```ts
 * const { startEmbeddedWorkspace } = await loadWorkspaceServer('run');
 * ```
 */
export async function loadWorkspaceServer(command: string): Promise<WorkspaceServerModule> {
  const require = createRequire(import.meta.url);
  for (const name of serverPackages) {
    try {
      const loaded = require(name) as unknown;
      // better-sqlite3 loads its native part on first use: open an in-memory database.
      if (name === 'better-sqlite3') {
        const Database = loaded as new (path: string) => { close(): void };
        new Database(':memory:').close();
      }
    } catch (e) {
      const why = e instanceof Error ? e.message.split('\n')[0] : String(e);
      throw new ServerUnavailableError(
        `the embedded workspace server of '${command}' needs the package '${name}', which cannot be loaded (${why}). ` +
          `Install the server's packages beside luau-fuzz: ${SERVER_INSTALL_COMMAND} ` +
          '(better-sqlite3 fetches or builds a native module); ' +
          'or run against a hosted workspace with WORKSPACE_URL and WORKSPACE_API_KEY.',
        { cause: e },
      );
    }
  }
  return import('../workspace/server/index.js');
}
