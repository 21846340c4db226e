import { Command } from 'commander';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { existingDirectory, outputDirectory } from './directory-flags.js';
import { errorLine } from './error-line.js';
import { parseJson } from '../format/index.js';
import { ProjectUpgrades } from '../workspace/wire/index.js';
import { loadWorkspaceServer, type WorkspaceServerModule } from './load-server.js';

const server = () => loadWorkspaceServer('workspace');

/**
 * The data directory a subcommand works on (`--data`, else the default), checked first: only
 * `create-account` may start a new one; the others need a workspace there, so that a mistyped
 * path creates no directory and no database.
 */
function dataDir(ws: WorkspaceServerModule, opts: { data?: string }, mayCreate = false): string {
  const dir = opts.data ?? ws.defaultDataDir();
  const flag = opts.data === undefined ? 'the default data directory' : '--data';
  if (mayCreate) {
    outputDirectory(flag, dir, { create: false });
    return dir;
  }
  existingDirectory(flag, dir);
  if (!existsSync(join(dir, ws.DATABASE_FILE)))
    throw new Error(
      `${flag} ${dir} holds no workspace (no ${ws.DATABASE_FILE}; \`luau-fuzz serve --data ${dir}\` creates one)`,
    );
  return dir;
}

function dataOption(cmd: Command): Command {
  return cmd.option('--data <dir>', 'data directory (default: $XDG_DATA_HOME/luau-fuzz/workspace)');
}

/**
 * A subcommand's action given the loaded workspace server and its flags: an error is printed
 * as one line and sets exit status 1.
 */
function adminAction<Opts extends { data?: string }>(
  run: (ws: WorkspaceServerModule, opts: Opts) => void,
): (opts: Opts) => Promise<void> {
  return async (opts) => {
    try {
      run(await server(), opts);
    } catch (e) {
      process.stderr.write(errorLine(e));
      process.exitCode = 1;
    }
  };
}

/**
 * `luau-fuzz workspace …`: administration of an embedded workspace's data directory
 * without the API (the server may be running meanwhile).
 *
 * @example
 * ```sh
 * luau-fuzz workspace create-account --name alice   # prints the account id and its key, once
 * luau-fuzz workspace create-project --owner ACCOUNT --title fuzz
 * luau-fuzz workspace add-collaborator --project PROJECT --account ACCOUNT
 * luau-fuzz workspace set-allowance --account ACCOUNT --upgrades '{"memory":4000,"network":1}'
 * luau-fuzz workspace list --json
 * ```
 */
export function workspaceCommand(): Command {
  const cmd = new Command('workspace').description(
    'administer the embedded workspace server’s data',
  );
  cmd.addCommand(createAccountCommand());
  cmd.addCommand(createProjectCommand());
  cmd.addCommand(addCollaboratorCommand());
  cmd.addCommand(setAllowanceCommand());
  cmd.addCommand(listCommand());
  return cmd;
}

/** `workspace create-account`: a new account and its API key. */
function createAccountCommand(): Command {
  return dataOption(new Command('create-account'))
    .description('create an account and print its id and API key (shown only this once)')
    .option('--name <name>', 'a name for the account', '')
    .option('--json', 'print JSON')
    .action(
      adminAction((ws, opts: { data?: string; name: string; json?: boolean }) => {
        const r = ws.adminCreateAccount(dataDir(ws, opts, true), { name: opts.name });
        process.stdout.write(
          opts.json === true
            ? `${JSON.stringify({ account_id: r.accountId, api_key: r.apiKey })}\n`
            : `account ${r.accountId}\napi key ${r.apiKey}\n`,
        );
      }),
    );
}

/** `workspace create-project`: a project owned by an account. */
function createProjectCommand(): Command {
  return dataOption(new Command('create-project'))
    .description('create a project owned by an account and print its id')
    .requiredOption('--owner <account>', 'account id of the owner')
    .option('--title <title>', 'title', '')
    .option('--description <text>', 'description', '')
    .action(
      adminAction(
        (ws, opts: { data?: string; owner: string; title: string; description: string }) => {
          const id = ws.adminCreateProject(dataDir(ws, opts), {
            owner: opts.owner,
            title: opts.title,
            description: opts.description,
          });
          process.stdout.write(`${id}\n`);
        },
      ),
    );
}

/** `workspace add-collaborator`: an account made a collaborator of a project. */
function addCollaboratorCommand(): Command {
  return dataOption(new Command('add-collaborator'))
    .description('add an account to a project as a collaborator')
    .requiredOption('--project <project>', 'project id')
    .requiredOption('--account <account>', 'account id')
    .action(
      adminAction((ws, opts: { data?: string; project: string; account: string }) => {
        ws.adminAddCollaborator(dataDir(ws, opts), opts.project, opts.account);
      }),
    );
}

/** `workspace set-allowance`: the upgrades an account may grant its projects. */
function setAllowanceCommand(): Command {
  return dataOption(new Command('set-allowance'))
    .description(
      'set what an account may grant its projects as upgrades (summed over its projects)',
    )
    .requiredOption('--account <account>', 'account id')
    .requiredOption(
      '--upgrades <json>',
      'JSON object of upgrade amounts, e.g. {"memory":4000,"disk_quota":10000,"network":1}',
    )
    .action(
      adminAction((ws, opts: { data?: string; account: string; upgrades: string }) => {
        const upgrades = parseJson(opts.upgrades, ProjectUpgrades, '--upgrades');
        ws.adminSetAllowance(dataDir(ws, opts), opts.account, upgrades);
      }),
    );
}

/** `workspace list`: the accounts and projects. */
function listCommand(): Command {
  return dataOption(new Command('list'))
    .description('list accounts and projects')
    .option('--json', 'print JSON')
    .action(
      adminAction((ws, opts: { data?: string; json?: boolean }) => {
        const { accounts, projects } = ws.adminList(dataDir(ws, opts));
        if (opts.json === true) {
          process.stdout.write(
            `${JSON.stringify({
              accounts: accounts.map((a) => ({
                account_id: a.account_id,
                name: a.name,
                created: a.created,
              })),
              projects: projects.map((p) => ({
                project_id: p.project_id,
                title: p.title,
                users: p.users,
                state: p.state,
                last_edited: p.last_edited,
              })),
            })}\n`,
          );
          return;
        }
        process.stdout.write('accounts:\n');
        for (const a of accounts) process.stdout.write(`  ${a.account_id}  ${a.name}\n`);
        process.stdout.write('projects:\n');
        for (const p of projects) {
          const users = Object.entries(p.users)
            .map(([id, u]) => `${id}:${u.group ?? '?'}`)
            .join(' ');
          process.stdout.write(`  ${p.project_id}  ${JSON.stringify(p.title)}  ${users}\n`);
        }
      }),
    );
}
