import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageRoot } from '../../src/package-root.js';
import { LuauWebPool } from '../../src/runtime/index.js';

const run = promisify(execFile);

/** The reference Luau 0.715 interpreter beside the checkout; absent on machines without it. */
export const referenceLuau: string = join(packageRoot, '..', 'shared', 'tools', 'luau-715', 'luau');

/** Whether `name` can be read as a global in source at all. */
function isIdentifier(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);
}

/** Parses the probe's `name=type` lines into name → present. */
function presence(names: readonly string[], output: string): Record<string, boolean | string> {
  const types = new Map(
    output
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => l.split('=') as [string, string]),
  );
  return Object.fromEntries(
    names.map((n) => {
      if (!isIdentifier(n)) return [n, 'not an identifier'];
      const type = types.get(n);
      return [n, type === undefined ? `no answer: ${output.slice(0, 200)}` : type !== 'nil'];
    }),
  );
}

/**
 * Asks the VMs themselves which of `names` exist as globals: one program prints
 * `name=type(name)` for each, run in the bundled luau-web VM and, when it is present, in the
 * reference `luau` binary. Returns what every name should be (`true`, present) and what each
 * VM answered.
 *
 * @example
 * ```ts
 * const { expected, vms } = await probeGlobals(['math', 'print']);
 * expect(vms['luau-web']).toEqual(expected);
 * ```
 */
export async function probeGlobals(names: readonly string[]): Promise<{
  expected: Record<string, boolean | string>;
  vms: Record<string, Record<string, boolean | string>>;
}> {
  const program = names
    .filter(isIdentifier)
    .map((n) => `print("${n}=" .. type(${n}))`)
    .join('\n');
  const expected = Object.fromEntries(names.map((n) => [n, true]));
  const vms: Record<string, Record<string, boolean | string>> = {};
  const pool = new LuauWebPool({ timeoutMs: 30_000, excerptChars: 100_000 });
  try {
    const outcome = await pool.run({ id: 'globals', program });
    vms['luau-web'] = presence(
      names,
      outcome.status === 'ok' ? outcome.output : String(outcome.error),
    );
  } finally {
    await pool.close();
  }
  if (existsSync(referenceLuau)) {
    const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-globals-'));
    try {
      const file = join(dir, 'globals.luau');
      writeFileSync(file, program);
      const { stdout } = await run(referenceLuau, [file]);
      vms['luau 0.715'] = presence(names, stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { expected, vms };
}
