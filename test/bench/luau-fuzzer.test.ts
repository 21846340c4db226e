import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildLuauFuzzer,
  FuzzerSetupError,
  missingFuzzerTools,
} from '../../scripts/bench/_luau-fuzzer.js';

describe("building Luau's fuzzer", () => {
  it('names each missing tool and the one apt-get line that installs them', () => {
    const gone = new Set(['protoc', 'cmake']);
    const missing = missingFuzzerTools((command) => !gone.has(command));
    expect(missing?.tools).toEqual(expect.arrayContaining(['protoc', 'cmake']));
    expect(missing?.install).toMatch(
      /^apt-get update && apt-get install -y (\S+ )*protobuf-compiler( \S+)* cmake/,
    );
  });

  it('says how to get the sources when a git directory is missing, without a stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzzer-test-'));
    try {
      const build = (): unknown =>
        buildLuauFuzzer({
          luauGit: join(dir, 'luau.git'),
          mutatorGit: join(dir, 'mutator.git'),
          tag: '0.715',
          jobs: 1,
          say: () => undefined,
        });
      expect(build).toThrow(FuzzerSetupError);
      expect(build).toThrow(
        `--luau-git: no git directory at ${join(dir, 'luau.git')}; make one with\n` +
          `  git clone --bare https://github.com/luau-lang/luau ${join(dir, 'luau.git')}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
