import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generatorDefaults } from '../../src/cli/generator-options.js';
import { createProgram, main } from '../../src/cli/main.js';
import { packageRoot } from '../../src/package-root.js';
import { mainOutput } from '../helpers/cli-in-process.js';

/** Every command of the program, as the words that call it (`workspace list`). */
function commandPaths(command: Command, prefix: string[] = []): string[][] {
  return command.commands.flatMap((sub) => {
    const path = [...prefix, sub.name()];
    return [path, ...commandPaths(sub, path)];
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('createProgram', () => {
  it('has exactly the commands the README lists', () => {
    const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8');
    const listed = [...readme.matchAll(/^\| `luau-fuzz (\w[\w-]*)/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(
      createProgram()
        .commands.map((c) => c.name())
        .sort(),
    );
  });
});

describe('main', () => {
  const paths = commandPaths(createProgram());

  it.each(paths.map((p) => [p.join(' '), p] as const))(
    'answers `%s --help` with its usage and exit code 0',
    async (name, path) => {
      const { code, stdout: out } = await mainOutput([...path, '--help']);
      expect(code).toBe(0);
      expect(out).toContain(`Usage: luau-fuzz ${name}`);
      expect(out).toMatch(/-h, --help +display help for command/);
    },
  );

  it('answers --help at the top with every command', async () => {
    const { code, stdout: out } = await mainOutput(['--help']);
    expect(code).toBe(0);
    for (const c of createProgram().commands)
      expect(out).toMatch(new RegExp(`^  ${c.name()}\\b`, 'm'));
  });

  it('names an unknown command and exits 1', async () => {
    const { code, stderr: err } = await mainOutput(['fuzz']);
    expect(code).toBe(1);
    expect(err).toMatch(/unknown command 'fuzz'/);
  });
});

describe('generatorDefaults', () => {
  it.each(Object.entries(generatorDefaults))(
    'are given with their reason in `%s --help`, as the README says',
    async (name, defaults) => {
      let out = '';
      vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
        out += String(chunk);
        return true;
      });
      expect(await main([name, '--help'])).toBe(0);
      const said = `Defaults --level ${defaults.level} --profile ${defaults.profile}: `;
      expect(out.replace(/\n/g, ' ')).toContain(said + defaults.why);
      expect(out).toContain(`default: "${defaults.level}"`);
      const readme = readFileSync(join(packageRoot, 'README.md'), 'utf8').replace(/\s+/g, ' ');
      // Within the clause about the command: not from the list of all four before the `;`.
      const direct = new RegExp(
        `\`${name}\`[^.;]*?\`--level ${defaults.level} --profile ${defaults.profile}\``,
      );
      if (!direct.test(readme)) {
        // Said as "the same as run's".
        expect(readme).toContain(`\`${name}\` takes the same`);
        expect(defaults).toMatchObject({
          level: generatorDefaults.run.level,
          profile: generatorDefaults.run.profile,
        });
      }
    },
  );
});
