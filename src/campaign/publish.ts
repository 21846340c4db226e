import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { uploadFile } from '../runtime/index.js';
import type { WorkspaceClient } from '../workspace/client/index.js';

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/**
 * Shares a campaign's findings: uploads `findings/` and `report.html` into a project under
 * `luau-fuzz/<campaign directory name>/` and publishes that path (`public_paths`). Returns the
 * published path.
 *
 * @example
 * ```ts
 * const path = await publishFindings(client, projectId, 'campaign-1');
 * ```
 */
export async function publishFindings(
  client: WorkspaceClient,
  projectId: string,
  campaignDir: string,
): Promise<string> {
  const remote = `luau-fuzz/${basename(campaignDir)}`;
  const files = [
    join(campaignDir, 'report.html'),
    join(campaignDir, 'summary.json'),
    ...filesUnder(join(campaignDir, 'findings')),
  ];
  for (const file of files) {
    await uploadFile(
      client,
      projectId,
      `${remote}/${relative(campaignDir, file)}`,
      readFileSync(file),
    );
  }
  await client.publishPath(
    projectId,
    remote,
    `luau-fuzz findings of campaign ${basename(campaignDir)}`,
  );
  return remote;
}
