import type { PlantedFault } from './planted-fault.js';

/**
 * Faults in the embedded workspace server: the claims of `test/README.md`'s "The embedded workspace server" table.
 *
 * @example
 * ```ts
 * serverFaults.map((f) => f.name); // ['network-always-on', …]
 * ```
 */
export const serverFaults: readonly PlantedFault[] = [
  {
    name: 'network-always-on',
    what: 'a project is isolated only below network upgrade 0, so never by default',
    claim: 'network isolation (`auto`, `require`, `off`)',
    edits: [
      {
        file: 'src/workspace/server/project-manager.ts',
        search: '    const isolate = quotas.network <= 0;',
        replace: '    const isolate = quotas.network < 0;',
      },
    ],
    tests: ['test/workspace/server-quotas.test.ts', 'test/workspace/server-isolation.test.ts'],
    only: 'network',
  },
  {
    name: 'store-synchronous-off',
    what: 'the store opens its database with synchronous = OFF',
    claim: 'every write is on disk before it is acknowledged',
    edits: [
      {
        file: 'src/workspace/server/store.ts',
        search: "    this.db.pragma('synchronous = FULL');",
        replace: "    this.db.pragma('synchronous = OFF');",
      },
    ],
    tests: ['test/workspace/serve-process.test.ts'],
    only: 'on disk|acknowledged',
  },
  {
    name: 'pong-without-id',
    what: '`ping` answers without the request id',
    claim: '`/api/v1/query`, `/api/v1/project_exec`, `/api/v1/ping`',
    edits: [
      {
        file: 'src/workspace/server/app.ts',
        search: "      event: 'pong',\n      id: requestId(req),",
        replace: "      event: 'pong',",
      },
    ],
    tests: ['test/workspace/server-http.test.ts', 'test/workspace/client.test.ts'],
  },
  {
    name: 'serve-on-all-addresses',
    what: 'the server listens on every address by default',
    claim: '127.0.0.1 by default, or `--host`',
    edits: [
      {
        file: 'src/workspace/server/server.ts',
        search: "  const host = opts.host ?? '127.0.0.1';",
        replace: "  const host = opts.host ?? '0.0.0.0';",
      },
    ],
    tests: ['test/workspace/server-http.test.ts'],
  },
  {
    name: 'data-dir-ignores-xdg',
    what: 'the default data directory reads XDG_CONFIG_HOME',
    claim: 'the data directory defaults to `$XDG_DATA_HOME/luau-fuzz/workspace`',
    edits: [
      {
        file: 'src/workspace/server/bootstrap.ts',
        search: '      ? env.XDG_DATA_HOME\n',
        replace: "      ? (env.XDG_CONFIG_HOME ?? join(homedir(), '.config'))\n",
      },
    ],
    tests: ['test/workspace/bootstrap.test.ts'],
  },
  {
    name: 'key-file-world-readable',
    what: 'the API key file is created readable by everyone',
    claim: 'the first start creates an account, a key (`api-key`, mode 0600) and a project',
    edits: [
      {
        file: 'src/workspace/server/bootstrap.ts',
        search: '  chmodSync(keyFile, 0o600);',
        replace: '  chmodSync(keyFile, 0o644);',
      },
    ],
    tests: ['test/workspace/serve-process.test.ts'],
    only: 'bootstraps',
  },
  {
    name: 'sandbox-shows-data-dir',
    what: 'the sandbox no longer hides the data directory',
    claim: 'every command in a bubblewrap sandbox: nothing of the data directory, …',
    edits: [
      {
        file: 'src/workspace/server/project-manager.ts',
        search: '        hide: [this.realDataDir as string],',
        replace: '        hide: [],',
      },
    ],
    tests: ['test/workspace/server-isolation.test.ts'],
    only: 'data directory',
  },
  {
    name: 'exec-cap-off-by-one',
    what: 'a project runs one exec more than its concurrency cap',
    claim: 'bounded output, concurrency (429), collaborator rules, request timeouts',
    edits: [
      {
        file: 'src/workspace/server/project-manager.ts',
        search: '    if (r.running >= this.options.maxExecsPerProject) {',
        replace: '    if (r.running > this.options.maxExecsPerProject) {',
      },
    ],
    tests: ['test/workspace/server-limits.test.ts', 'test/workspace/server-exec.test.ts'],
    only: 'concurren|429',
  },
  {
    name: 'memory-quota-mib',
    what: 'the default memory quota is 1024 MB',
    claim: 'default quotas (1000 MB, 3000 MB, 1800 s, network off) plus upgrades',
    edits: [
      {
        file: 'src/workspace/server/quotas.ts',
        search: '  memory: 1000,',
        replace: '  memory: 1024,',
      },
    ],
    tests: ['test/workspace/quotas.test.ts'],
  },
  {
    name: 'memory-leader-only',
    what: 'the memory monitor counts the first process of a project only',
    claim: 'memory: summed from `/proc`, killed past the quota',
    edits: [
      {
        file: 'src/workspace/server/memory-monitor.ts',
        search: '        for (const p of members) rss += p.rss;',
        replace: '        for (const p of members.slice(0, 1)) rss += p.rss;',
      },
    ],
    tests: ['test/workspace/server-quotas.test.ts', 'test/workspace/server-isolation.test.ts'],
    only: 'memory',
  },
  {
    name: 'bash-mode-no-cpu-limit',
    what: 'bash mode runs its script without `ulimit -t`',
    claim: 'CPU time: `ulimit -t` in bash mode, a backstop otherwise',
    edits: [
      {
        file: 'src/workspace/server/command-line.ts',
        search:
          '    await writeFile(script, `ulimit -t ${c.cpuSeconds}\\n${line}\\n`, { mode: 0o600 });',
        replace: '    await writeFile(script, `${line}\\n`, { mode: 0o600 });',
      },
    ],
    tests: ['test/workspace/server-exec.test.ts'],
    only: 'CPU time',
  },
  {
    name: 'disk-quota-in-gb',
    what: 'the disk quota is compared in GB instead of MB',
    claim: 'disk: exec refused over quota; no file grows past it',
    edits: [
      {
        file: 'src/workspace/server/project-manager.ts',
        search: '    const overQuota = diskBytes > quotas.disk_quota * MB;',
        replace: '    const overQuota = diskBytes > quotas.disk_quota * MB * 1024;',
      },
    ],
    tests: ['test/workspace/server-quotas.test.ts'],
    only: 'disk quota',
  },
  {
    name: 'idle-stop-seconds-as-ms',
    what: 'the idle stop waits mintime milliseconds',
    claim: 'idle stop after `mintime`',
    edits: [
      {
        file: 'src/workspace/server/project-manager.ts',
        search: '    const ms = Math.max(0, this.quotasOf(project).mintime * 1000);',
        replace: '    const ms = Math.max(0, this.quotasOf(project).mintime * 60_000);',
      },
    ],
    tests: ['test/workspace/server-quotas.test.ts'],
    only: 'idle',
  },
  {
    name: 'timeout-answers-without-kill',
    what: 'a timeout answers the request but leaves the command running',
    claim: 'a timeout kills the process group; a stop kills every process of the project',
    edits: [
      {
        file: 'src/workspace/server/run-command.ts',
        search: '    if (sid !== undefined) killSession(sid);\n    child.stdout?.destroy();',
        replace: '    child.stdout?.destroy();',
      },
    ],
    tests: ['test/workspace/server-exec.test.ts'],
    only: 'process group',
  },
  {
    name: 'path-dotdot-escape',
    what: 'a path through `../x` is not seen as leaving the home',
    claim: '`path` confinement',
    edits: [
      {
        file: 'src/workspace/server/sandbox.ts',
        search: "    return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);",
        replace: "    return rel === '..' || isAbsolute(rel);",
      },
    ],
    tests: ['test/workspace/server-exec.test.ts'],
    only: 'escape',
  },
  {
    name: 'v2-async-get-before-membership',
    what: 'v2 `async_get` answers a job before the membership check: a stranger reads its output',
    claim: 'a stranger gets the documented refusal on every route that takes a project or job id',
    edits: [
      {
        file: 'src/workspace/server/v2/routes.ts',
        search:
          "    if (!isCollaborator(o, projectId, accountId)) return { error: v2Errors.notCollaborator.text };\n\n    if (typeof b.async_get === 'string') {",
        replace: "    if (typeof b.async_get === 'string') {",
      },
      {
        file: 'src/workspace/server/v2/routes.ts',
        search: '    const bad = badExecField(b);',
        replace:
          '    if (!isCollaborator(o, projectId, accountId)) return { error: v2Errors.notCollaborator.text };\n    const bad = badExecField(b);',
      },
    ],
    tests: ['test/workspace/server-ownership.test.ts'],
  },
  {
    name: 'async-job-any-project',
    what: "an async job is found by its id through any project, the caller's own included",
    claim: 'a stranger gets the documented refusal on every route that takes a project or job id',
    edits: [
      {
        file: 'src/workspace/server/v2/async-jobs.ts',
        search: '    if (job === undefined || job.projectId !== projectId) return undefined;',
        replace: '    if (job === undefined) return undefined;',
      },
      {
        file: 'src/workspace/server/v2/routes.ts',
        search: '      const found = await jobsOf(projectId).get(projectId, b.async_get, awaitMs);',
        replace:
          "      const found = await [...jobs.values()].reduce<ReturnType<AsyncJobs['get']>>(async (f, j) => (await f) ?? j.get(projectId, b.async_get as string, awaitMs), Promise.resolve(undefined));",
      },
    ],
    tests: ['test/workspace/server-ownership.test.ts'],
  },
  {
    name: 'v1-exec-any-member',
    what: 'v1 `project_exec` runs for any account once the project exists',
    claim: 'a stranger gets the documented refusal on every route that takes a project or job id',
    edits: [
      {
        file: 'src/workspace/server/app.ts',
        search: "      if (group !== 'owner' && group !== 'collaborator') {",
        replace: '      if (project === undefined && group === undefined) {',
      },
    ],
    tests: ['test/workspace/server-ownership.test.ts'],
  },
  {
    name: 'project-get-by-id-unchecked',
    what: 'a get of `projects` by id answers any project, member or not',
    claim: 'a stranger gets the documented refusal on every route that takes a project or job id',
    edits: [
      {
        file: 'src/workspace/server/query/projects.ts',
        search:
          '    if (!canAccess(p, ctx.accountId)) throw new ApiError(v1Errors.noReadAccess.text);\n    candidates = [p];',
        replace:
          '    if (p === undefined) throw new ApiError(v1Errors.noReadAccess.text);\n    candidates = [p];',
      },
    ],
    tests: ['test/workspace/server-ownership.test.ts'],
  },
  {
    name: 'public-paths-read-unchecked',
    what: 'the public paths of any project are read without a membership check',
    claim: 'a stranger gets the documented refusal on every route that takes a project or job id',
    edits: [
      {
        file: 'src/workspace/server/query/public-paths.ts',
        search:
          '  if (!canAccess(project, ctx.accountId)) throw new ApiError(v1Errors.noReadAccess.text);\n  let rows',
        replace: '  let rows',
      },
    ],
    tests: ['test/workspace/server-ownership.test.ts'],
  },
  {
    name: 'v2-stop-any-project',
    what: 'v2 `projects/stop` stops a project of another account',
    claim: 'a stranger gets the documented refusal on every route that takes a project or job id',
    edits: [
      {
        file: 'src/workspace/server/v2/routes.ts',
        search: '      if (!isCollaborator(o, projectId, accountId)) {\n        return',
        replace:
          "      if (action === 'start' && !isCollaborator(o, projectId, accountId)) {\n        return",
      },
    ],
    tests: ['test/workspace/server-ownership.test.ts'],
  },
  {
    name: 'editor-settings-after-reply',
    what: 'the editor settings are written 50 ms after the reply',
    claim: 'every write is on disk before it is acknowledged',
    edits: [
      {
        file: 'src/workspace/server/query/accounts.ts',
        search:
          '  ctx.store.setEditorSettings(ctx.accountId, merge((account?.editor_settings ?? {}) as Obj, s));',
        replace:
          '  setTimeout(() => ctx.store.setEditorSettings(ctx.accountId, merge((account?.editor_settings ?? {}) as Obj, s)), 50);',
      },
    ],
    tests: ['test/workspace/serve-process.test.ts'],
    only: 'on disk|acknowledged',
  },
  {
    name: 'store-synchronous-normal',
    what: 'the store opens its database with synchronous = NORMAL: WAL commits are not synced',
    claim: 'every write is on disk before it is acknowledged',
    edits: [
      {
        file: 'src/workspace/server/store.ts',
        search: "    this.db.pragma('synchronous = FULL');",
        replace: "    this.db.pragma('synchronous = NORMAL');",
      },
    ],
    tests: ['test/workspace/serve-process.test.ts'],
    // The order of the system calls alone, not the pragma read back.
    only: 'only once it is on disk',
  },
  {
    name: 'timeouts-eightfold',
    what: 'the request and headers timeouts are eight times the configured values',
    claim: 'bounded output, concurrency (429), collaborator rules, request timeouts',
    edits: [
      {
        file: 'src/workspace/server/app.ts',
        search: '    requestTimeout: opts.requestTimeoutMs,',
        replace: '    requestTimeout: opts.requestTimeoutMs * 8,',
      },
      {
        file: 'src/workspace/server/app.ts',
        search: '      headersTimeout: Math.min(opts.headersTimeoutMs, opts.requestTimeoutMs),',
        replace:
          '      headersTimeout: Math.min(opts.headersTimeoutMs, opts.requestTimeoutMs) * 8,',
      },
    ],
    tests: ['test/workspace/server-startup.test.ts'],
    only: 'timeout',
  },
  {
    name: 'headers-timeout-eightfold',
    what: 'the headers timeout is eight times the configured value',
    claim: 'bounded output, concurrency (429), collaborator rules, request timeouts',
    edits: [
      {
        file: 'src/workspace/server/app.ts',
        search: '      headersTimeout: Math.min(opts.headersTimeoutMs, opts.requestTimeoutMs),',
        replace:
          '      headersTimeout: Math.min(opts.headersTimeoutMs * 8, opts.requestTimeoutMs),',
      },
    ],
    tests: ['test/workspace/server-startup.test.ts'],
    only: 'timeout',
  },
];
