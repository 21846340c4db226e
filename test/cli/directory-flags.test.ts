import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { existingDirectory, outputDirectory } from '../../src/cli/directory-flags.js';
import { tempDir } from '../workspace/helpers.js';

describe('outputDirectory', () => {
  it('names the flag when the path is a file or a directory that is not empty', () => {
    const root = tempDir('dir-flags-');
    writeFileSync(join(root, 'file'), '');
    expect(() => outputDirectory('--out', join(root, 'file'))).toThrow(
      `--out ${join(root, 'file')}: not a directory`,
    );
    mkdirSync(join(root, 'full'));
    writeFileSync(join(root, 'full', 'x'), '');
    expect(() => outputDirectory('--out', join(root, 'full'), { refuseNonEmpty: true })).toThrow(
      `--out ${join(root, 'full')} is not empty (give --force to add to it)`,
    );
    outputDirectory('--out', join(root, 'full'), { refuseNonEmpty: true, force: true });
    outputDirectory('--out', join(root, 'new', 'deeper'));
    expect(existsSync(join(root, 'new', 'deeper'))).toBe(true);
    outputDirectory('--data', join(root, 'later'), { create: false });
    expect(existsSync(join(root, 'later'))).toBe(false);
  });
});

describe('existingDirectory', () => {
  it('refuses a missing directory, naming the flag, and creates nothing', () => {
    const missing = join(tempDir('dir-flags-'), 'typo');
    expect(() => existingDirectory('--data', missing)).toThrow(
      `--data ${missing}: no such directory`,
    );
    expect(existsSync(missing)).toBe(false);
  });
});
