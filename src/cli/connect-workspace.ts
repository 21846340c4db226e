import type { CampaignTarget } from '../campaign/index.js';
import { runtimeHostPaths } from '../runtime/index.js';
import { parseApiChoice, WorkspaceClient, type ApiVersion } from '../workspace/client/index.js';
import { outputDirectory } from './directory-flags.js';
import type * as WorkspaceServer from '../workspace/server/index.js';
import { loadWorkspaceServer, type WorkspaceServerModule } from './load-server.js';

/**
 * The request body limit of the embedded server a campaign starts, which the client is
 * told: five times the platform v1's 100 kB, so the runner uploads in fewer calls.
 */
const EMBEDDED_BODY_LIMIT = 500_000;

/** Options of {@link connectWorkspace}. */
export interface ConnectOptions {
  /** Base URL of a workspace service. Default: `WORKSPACE_URL`; none → the embedded server. */
  readonly url?: string;
  /** API key. Default: `WORKSPACE_API_KEY`. */
  readonly apiKey?: string;
  /** API version of the service: `v1`, `v2` or `auto` (detected). Default: `WORKSPACE_API`, else `auto`. */
  readonly api?: ApiVersion | 'auto';
  /** Projects by id. Default: none. */
  readonly projectIds?: readonly string[];
  /** Projects by title (found with `query`). Default: none. */
  readonly projectTitles?: readonly string[];
  /** Projects of the embedded workspace. Default 1. */
  readonly embeddedProjects?: number;
  /**
   * Data directory of the embedded workspace. Default: the first per-user one no other server
   * is using (`defaultDataDir()`, then the same with `-2`, `-3`, …).
   */
  readonly workspaceDir?: string;
  /** Environment to read `WORKSPACE_URL`, `WORKSPACE_API_KEY`, `WORKSPACE_API` from. Default `process.env`. */
  readonly env?: Record<string, string | undefined>;
  /** The command that connects, named in errors. Default `run`. */
  readonly command?: string;
  /**
   * Runtime specs the campaign runs: the embedded workspace shows the host paths they name
   * read-only to its sandboxed commands ({@link runtimeHostPaths}). Default none.
   */
  readonly runtimes?: readonly string[];
}

/** A workspace to run a campaign in. */
export interface ConnectedWorkspace {
  /** Client and projects. */
  readonly target: CampaignTarget;
  /** True when the embedded server was started for this campaign. */
  readonly embedded: boolean;
  /** Where it is (the service URL). */
  readonly baseUrl: string;
  /** The embedded workspace's data directory (absent for a remote service). */
  readonly dataDir?: string;
  /**
   * What the command should tell its user about the embedded server: its warnings (no sandbox,
   * say, as `warning: …`) and the runtime paths its sandbox shows.
   */
  readonly notices: readonly string[];
  /** Stops the embedded server (nothing for a remote service). */
  close(): Promise<void>;
}

/**
 * The workspace or its projects cannot be used.
 *
 * @example
 * ```ts
 * try { await connectWorkspace({ url }); } catch (e) { if (e instanceof ConnectError) usage(e.message); }
 * ```
 */
export class ConnectError extends Error {
  override readonly name = 'ConnectError';
}

/** Per-user data directories a campaign tries, the default first (`…/workspace`, `…/workspace-2`, …). */
const DATA_DIRS = 64;

/**
 * Starts the embedded workspace on a data directory no other server is using. One server
 * locks its directory (two would kill each other's project processes), so campaigns run at
 * once each take their own: the directory `--workspace-dir` names, refused when in use, or
 * the first free one of the per-user default and its numbered siblings, which later
 * campaigns reuse with the account, key and projects made there. Returns the server, its
 * directory, and the directories found in use before it.
 */
async function startOnFreeDataDir<T>(
  server: WorkspaceServerModule,
  options: ConnectOptions,
  start: (dataDir: string) => Promise<T>,
): Promise<{ ws: T; dataDir: string; busy: WorkspaceServer.DataDirBusyError[] }> {
  const given = options.workspaceDir;
  const base = server.defaultDataDir(options.env ?? process.env);
  const busy: WorkspaceServer.DataDirBusyError[] = [];
  for (let k = 0; k < (given === undefined ? DATA_DIRS : 1); k++) {
    const dataDir = given ?? (k === 0 ? base : `${base}-${k + 1}`);
    const flag = given === undefined ? 'the default data directory' : '--workspace-dir';
    outputDirectory(flag, dataDir, { create: false });
    try {
      return { ws: await start(dataDir), dataDir, busy };
    } catch (e) {
      if (!(e instanceof server.DataDirBusyError)) throw e;
      if (given !== undefined)
        throw new ConnectError(
          `--workspace-dir ${given} is in use by another workspace server (pid ${e.pid}): stop it, ` +
            'or leave out --workspace-dir to take a per-user data directory no server is using',
          { cause: e },
        );
      busy.push(e);
    }
  }
  throw new ConnectError(
    `the per-user data directories ${base} to ${base}-${DATA_DIRS} are all in use by workspace ` +
      'servers: stop one, or give --workspace-dir DIR',
  );
}

/**
 * Connects a campaign to its workspace: a service given by URL (projects by id, or found by
 * title with `query`; stopped ones are started with `action_request`), or, when no service is
 * given, the embedded server started on this machine with its own projects.
 *
 * @example
 * ```ts
 * const ws = await connectWorkspace({ embeddedProjects: 2, workspaceDir: '/tmp/ws' });
 * // … runCampaign({ target: ws.target, … })
 * await ws.close();
 * ```
 */
export async function connectWorkspace(options: ConnectOptions = {}): Promise<ConnectedWorkspace> {
  const env = options.env ?? process.env;
  const api = options.api ?? parseApiChoice(env.WORKSPACE_API, 'WORKSPACE_API');
  const url = options.url ?? env.WORKSPACE_URL;
  if (url === undefined || url === '') return connectEmbedded(options, env, api);
  const apiKey = options.apiKey ?? env.WORKSPACE_API_KEY;
  if (apiKey === undefined || apiKey === '')
    throw new ConnectError('a workspace URL needs an API key (--api-key or WORKSPACE_API_KEY)');
  const client = new WorkspaceClient({ baseUrl: url, apiKey, api, env });
  const ids = new Set(options.projectIds ?? []);
  const titles = options.projectTitles ?? [];
  // A v2 project-specific key cannot list projects: only look them up when titles are given.
  const all = titles.length === 0 ? [] : await client.listProjects({ all: true });
  for (const title of titles) {
    const found = all.filter((p) => p.title === title);
    if (found.length === 0) throw new ConnectError(`no project titled '${title}'`);
    for (const p of found) ids.add(p.project_id);
  }
  if (ids.size === 0)
    throw new ConnectError('give the projects to run in: --project ID or --project-title TITLE');
  await startProjects(client, ids);
  return {
    target: { client, projectIds: [...ids] },
    embedded: false,
    baseUrl: url,
    notices: [],
    close: async () => undefined,
  };
}

/** The embedded server, started on this machine with its own projects. */
async function connectEmbedded(
  options: ConnectOptions,
  env: Record<string, string | undefined>,
  api: ReturnType<typeof parseApiChoice>,
): Promise<ConnectedWorkspace> {
  const wanted = Math.max(1, options.embeddedProjects ?? 1);
  const server = await loadWorkspaceServer(options.command ?? 'run');
  const readOnlyPaths = runtimeHostPaths(options.runtimes ?? []);
  const { ws, dataDir, busy } = await startOnFreeDataDir(server, options, (dataDir) =>
    server.startEmbeddedWorkspace({
      dataDir,
      readOnlyPaths,
      projects: wanted,
      bodyLimit: EMBEDDED_BODY_LIMIT,
    }),
  );
  const client = new WorkspaceClient({
    baseUrl: ws.baseUrl,
    apiKey: ws.apiKey,
    // The embedded server speaks both; v2's async jobs keep resident runners.
    api: api === 'auto' ? 'v2' : api,
    env,
    bodyLimit: EMBEDDED_BODY_LIMIT,
    // The server shares this process and machine: an answer slower than a remote service's
    // limit means a loaded machine, not a lost request.
    timeoutMs: 120_000,
  });
  const ids =
    options.projectIds !== undefined && options.projectIds.length > 0
      ? options.projectIds
      : ws.projectIds.slice(0, wanted);
  return {
    target: { client, projectIds: ids },
    embedded: true,
    baseUrl: ws.baseUrl,
    dataDir,
    notices: [
      ...busy.map(
        (e) =>
          `${e.dataDir} is in use by another workspace server (pid ${e.pid}): this one uses ${dataDir}`,
      ),
      ...ws.warnings.map((w) => `warning: ${w}`),
      ...(readOnlyPaths.length > 0 && ws.sandbox.bubblewrap
        ? [`the projects' sandbox shows the runtimes' ${readOnlyPaths.join(', ')} read-only`]
        : []),
    ],
    close: () => ws.close(),
  };
}

/** Starts the projects a campaign runs in that are not running already. */
async function startProjects(client: WorkspaceClient, ids: ReadonlySet<string>): Promise<void> {
  const v2 = (await client.apiVersion()) === 'v2';
  for (const id of ids) {
    if (v2) {
      // `projects/start` answers once the project runs; it needs an account key, and a
      // project-specific key is refused: exec starts the project itself then.
      await client.startProject(id).catch(() => undefined);
      continue;
    }
    // Exec would start a stopped project too, but may first answer "starting": ask now.
    const r = await client
      .query<{ projects: { state?: { state?: string } | null } }>({
        projects: { project_id: id, state: null },
      })
      .catch(() => undefined);
    const state = r?.query.projects.state?.state;
    if (state !== undefined && state !== 'running' && state !== 'starting')
      await client.startProject(id);
  }
}
