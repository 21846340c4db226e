import { Command, InvalidArgumentError, Option } from 'commander';
import { outputDirectory } from './directory-flags.js';
import { errorLine } from './error-line.js';
import { loadWorkspaceServer } from './load-server.js';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new InvalidArgumentError('must be an integer from 0 to 65535');
  }
  return n;
}

/**
 * `luau-fuzz serve`: runs the embedded workspace server. On first start it creates an
 * account, an API key (saved in `<data>/api-key`, readable only by its owner) and a project.
 *
 * @example
 * ```sh
 * luau-fuzz serve --port 8080
 * WORKSPACE_URL=http://127.0.0.1:8080 WORKSPACE_API_KEY=$(cat ~/.local/share/luau-fuzz/workspace/api-key) luau-fuzz run
 * ```
 */
export function serveCommand(): Command {
  return new Command('serve')
    .description(
      'run the embedded workspace server (v1 project_exec, query, ping; v2 exec, user-query, projects/start|stop) on this machine',
    )
    .option('--data <dir>', 'data directory (default: $XDG_DATA_HOME/luau-fuzz/workspace)')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0: any free port)', port, 0)
    .option(
      '--projects <n>',
      'projects the local account should have',
      (v) => {
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > 1000)
          throw new InvalidArgumentError('must be an integer from 1 to 1000');
        return n;
      },
      1,
    )
    .addOption(
      new Option(
        '--network-isolation <mode>',
        'network namespace for projects without the network upgrade',
      )
        .choices(['auto', 'require', 'off'])
        .default('auto'),
    )
    .addOption(
      new Option(
        '--api <versions>',
        'API versions to serve: v1 (the seed contract), v2 (the live service) or both',
      )
        .choices(['v1', 'v2', 'both'])
        .default('both'),
    )
    .option(
      '--allow-remote',
      'allow a non-loopback --host (the API is plain HTTP and commands run as this user)',
    )
    .option(
      '--insecure-shared-user',
      'serve several accounts even without bubblewrap (their projects can read each other)',
    )
    .option('--no-sandbox', 'run commands without bubblewrap even where it works')
    .option('--log', 'log every request')
    .action(serveAction);
}

/** What `luau-fuzz serve` does with its flags. */
async function serveAction(opts: {
  data?: string;
  host: string;
  port: number;
  projects: number;
  log?: boolean;
  api: 'v1' | 'v2' | 'both';
  networkIsolation: 'auto' | 'require' | 'off';
  allowRemote?: boolean;
  insecureSharedUser?: boolean;
  sandbox: boolean;
}): Promise<void> {
  const { DataDirBusyError, defaultDataDir, startEmbeddedWorkspace } =
    await loadWorkspaceServer('serve');
  const dataDir = opts.data ?? defaultDataDir();
  outputDirectory(opts.data === undefined ? 'the default data directory' : '--data', dataDir, {
    create: false,
  });
  const ws = await startEmbeddedWorkspace({
    dataDir,
    host: opts.host,
    port: opts.port,
    projects: opts.projects,
    logger: opts.log === true,
    networkIsolation: opts.networkIsolation,
    api: opts.api,
    allowRemote: opts.allowRemote === true,
    insecureSharedUser: opts.insecureSharedUser === true,
    sandbox: opts.sandbox ? 'auto' : 'none',
  }).catch((e: unknown) => {
    if (e instanceof DataDirBusyError)
      throw new Error(`${e.message}: stop it, or serve another directory with --data DIR`, {
        cause: e,
      });
    throw e;
  });
  process.stdout.write(
    `workspace server listening on ${ws.baseUrl} (API ${opts.api === 'both' ? 'v1 and v2' : opts.api})\n` +
      `data directory: ${dataDir}\n` +
      `API key file: ${ws.keyFile}\n` +
      `projects: ${ws.projectIds.join(' ')}\n` +
      `isolation: ${ws.sandbox.bubblewrap ? 'bubblewrap sandbox per command' : 'none (no bubblewrap)'}, ` +
      `limits: ${ws.cgroups ? 'cgroups' : 'memory monitor'}\n`,
  );
  for (const w of ws.warnings) process.stderr.write(errorLine(`warning: ${w}`));
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void ws.close().then(resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
