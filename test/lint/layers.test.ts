import { execFileSync } from 'node:child_process';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';

const eslint = new ESLint({ cwd: packageRoot });

/** The layer-rule messages ESLint gives `code` as if it were the file at `path`. */
async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${packageRoot}/${path}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rules (eslint.config.js)', () => {
  it.each([
    ['src/tree/x.ts', "import { luauProgram } from '../arbitrary/index.js';"],
    ['src/print/compat/x.ts', "import { readTreeFile } from '../../campaign/index.js';"],
    ['src/arbitrary/x.ts', "import { LuauWebPool } from '../runtime/index.js';"],
    ['src/arbitrary/x.ts', "import { Command } from 'commander';"],
    ['src/runtime/x.ts', "import { runCampaign } from '../campaign/index.js';"],
    ['src/runtime/x.ts', "import { CoverageRunner } from '../coverage/index.js';"],
    ['src/runtime/x.ts', "import type { ProfileName } from '../arbitrary/index.js';"],
    ['src/coverage/x.ts', "import { Corpus } from '../campaign/guided/index.js';"],
    ['src/coverage/x.ts', "import { WorkspaceClient } from '../workspace/client/index.js';"],
    ['src/campaign/x.ts', "import { startEmbeddedWorkspace } from '../workspace/server/index.js';"],
    ['src/campaign/x.ts', "import Database from 'better-sqlite3';"],
    ['src/workspace/client/x.ts', "import { startWorkspaceServer } from '../server/index.js';"],
    ['src/workspace/server/x.ts', "import { runCampaign } from '../../campaign/index.js';"],
    ['src/arbitrary/x.ts', "import { runnerDefaults } from '../../runner/protocol.mjs';"],
    ['runner/x.mjs', "import { packageRoot } from '../src/package-root.js';"],
    ['runner/x.mjs', "import fc from 'fast-check';"],
    ['src/workspace/server/x.ts', "import { WorkspaceClient } from '../client/index.js';"],
    ['src/workspace/server/v2/x.ts', "import type { ExecRequest } from '../../client/index.js';"],
    ['src/workspace/wire/x.ts', "import { WorkspaceClient } from '../client/index.js';"],
    ['src/workspace/wire/x.ts', "import { ApiError } from '../server/index.js';"],
    ['src/format/x.ts', "import { readTreeFile } from '../tree/index.js';"],
    ['src/format/x.ts', "import { WorkspaceClient } from '../workspace/client/index.js';"],
    ['src/workspace/wire/x.ts', "import { readTreeFile } from '../../tree/index.js';"],
  ])('refuses a back-edge in %s: %s', async (path, code) => {
    expect(await layerErrors(path, `${code}\nexport {};\n`)).toHaveLength(1);
  });

  it.each([
    ['src/print/x.ts', "import { readTreeFile } from '../tree/index.js';"],
    ['src/arbitrary/x.ts', "import { printPretty } from '../print/index.js';"],
    ['src/runtime/x.ts', "import { WorkspaceClient } from '../workspace/client/index.js';"],
    ['src/campaign/x.ts', "import { LuauWebPool } from '../runtime/index.js';"],
    ['src/coverage/x.ts', "import { LuauBatchRunner } from '../runtime/index.js';"],
    ['src/coverage/x.ts', "import { runnerDefaults } from '../../runner/protocol.mjs';"],
    ['src/campaign/guided/x.ts', "import { CoverageRunner } from '../../coverage/index.js';"],
    ['src/cli/x.ts', "import { startEmbeddedWorkspace } from '../workspace/server/index.js';"],
    ['src/workspace/server/x.ts', "import type { ExecRequest } from '../wire/index.js';"],
    ['src/workspace/client/x.ts', "import type { ExecRequest } from '../wire/index.js';"],
    ['src/runtime/x.ts', "import { runnerDefaults } from '../../runner/protocol.mjs';"],
    ['runner/x.mjs', "import { runnerDefaults } from './protocol.mjs';"],
    ['runner/x.mjs', "import { spawn } from 'node:child_process';"],
    ['src/tree/x.ts', "import { readJsonFile } from '../format/index.js';"],
    ['src/campaign/x.ts', "import { writeFileAtomic } from '../format/index.js';"],
    ['src/workspace/wire/x.ts', "import { checkValue } from '../../format/index.js';"],
    ['src/workspace/client/x.ts', "import { parseJson } from '../../format/index.js';"],
    ['src/workspace/server/v2/x.ts', "import { checkValue } from '../../../format/index.js';"],
  ])('allows a forward edge in %s: %s', async (path, code) => {
    expect(await layerErrors(path, `${code}\nexport {};\n`)).toEqual([]);
  });
});

describe('the package root', () => {
  it('loads neither the HTTP framework nor the SQLite driver', () => {
    const probe = `
      await import(${JSON.stringify(`${packageRoot}/src/index.ts`)});
      const { createRequire } = await import('node:module');
      const loaded = Object.keys(createRequire(import.meta.url).cache);
      process.stdout.write(JSON.stringify(loaded.filter((f) => /node_modules\\/(fastify|better-sqlite3)\\//.test(f))));
    `;
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', probe],
      { cwd: packageRoot, encoding: 'utf8' },
    );
    expect(JSON.parse(out)).toEqual([]);
  });
});
