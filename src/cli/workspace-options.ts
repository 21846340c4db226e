import { Option, type Command } from 'commander';
import type { ConnectOptions } from './connect-workspace.js';

/** The workspace flags of `run` and `shrink`, as commander parses them. */
export interface WorkspaceFlags {
  url?: string;
  apiKey?: string;
  api?: 'v1' | 'v2' | 'auto';
  project?: string[];
  projectTitle?: string[];
  workspaceDir?: string;
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/**
 * Adds the options that say which workspace and projects a command runs in: a hosted
 * service (`--url`, `--api-key`, or the environment) or, when none is given, the embedded one.
 *
 * @example
 * ```ts
 * withWorkspaceOptions(new Command('shrink')).action((flags: WorkspaceFlags) => …);
 * ```
 */
export function withWorkspaceOptions(command: Command): Command {
  return command
    .option(
      '--url <url>',
      'workspace service (default WORKSPACE_URL; none: the embedded workspace)',
    )
    .option('--api-key <key>', 'API key (default WORKSPACE_API_KEY)')
    .addOption(
      new Option(
        '--api <version>',
        'API version of the service (default WORKSPACE_API, else detected: v1 when it answers, else v2)',
      ).choices(['v1', 'v2', 'auto']),
    )
    .option('--project <id>', 'a project to run in (repeatable)', collect)
    .option('--project-title <title>', 'projects with this title (repeatable)', collect)
    .option(
      '--workspace-dir <dir>',
      'data directory of the embedded workspace (default: the first per-user one no other server is using)',
    );
}

/**
 * The connection options the workspace flags give (those not given are absent).
 *
 * @example
 * ```ts
 * await connectWorkspace({ command: 'shrink', ...connectOptionsOf(flags) });
 * ```
 */
export function connectOptionsOf(flags: WorkspaceFlags): ConnectOptions {
  return {
    ...(flags.url === undefined ? {} : { url: flags.url }),
    ...(flags.apiKey === undefined ? {} : { apiKey: flags.apiKey }),
    ...(flags.api === undefined ? {} : { api: flags.api }),
    ...(flags.project === undefined ? {} : { projectIds: flags.project }),
    ...(flags.projectTitle === undefined ? {} : { projectTitles: flags.projectTitle }),
    ...(flags.workspaceDir === undefined ? {} : { workspaceDir: flags.workspaceDir }),
  };
}
