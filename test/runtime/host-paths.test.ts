import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingExecutable, runtimeHostPaths } from '../../src/runtime/index.js';
import { tempDir } from '../workspace/helpers.js';

describe('runtimeHostPaths', () => {
  it('gives the directory of a luau-cli path and of every absolute word of a command template', () => {
    const root = tempDir('host-paths-');
    mkdirSync(join(root, 'build'));
    writeFileSync(join(root, 'build', 'luau'), '');
    expect(
      runtimeHostPaths([
        'luau-web',
        'luau-cli:-O2',
        `luau-cli:-O2:path=${root}/build/luau`,
        `command:/usr/bin/node ${root}/wrap.mjs {program}`,
        'command:./local-luau {program}',
      ]),
    ).toEqual([join(root, 'build'), '/usr/bin', root]);
  });

  it('never shows a whole top-level directory such as /tmp: the file alone', () => {
    expect(runtimeHostPaths(['luau-cli:path=/tmp/luau', 'command:/ {program}'])).toEqual([
      '/tmp/luau',
    ]);
  });
});

describe('missingExecutable', () => {
  it('names the path of a runtime executable that does not exist, and nothing for a name on the PATH', () => {
    expect(missingExecutable('luau-cli:-O2:path=/no/such/luau')).toBe('/no/such/luau');
    expect(missingExecutable("command:'/no/such/luau' -O2 {program}")).toBe('/no/such/luau');
    expect(missingExecutable('command:/bin/sh {program}')).toBeUndefined();
    expect(missingExecutable('luau-cli:-O2')).toBeUndefined();
    expect(missingExecutable('luau-web')).toBeUndefined();
    // A relative path is the project's unless a directory to read it from is given.
    expect(missingExecutable('luau-cli:path=build/luau')).toBeUndefined();
    expect(missingExecutable('luau-cli:path=build/luau', '/no/such')).toBe('build/luau');
    expect(missingExecutable('luau-cli:path=bin/sh', '/')).toBeUndefined();
  });
});
