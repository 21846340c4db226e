import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalRuntime } from '../../src/runtime/local-runtime.js';
import { LuauBatchRunner, luauEngine } from '../../src/runtime/luau-batch.js';
import { parseRuntime, type LuauCliProfile } from '../../src/runtime/profile.js';
import { luauFuzz } from '../helpers/arbitrary-cli.js';
import { haveLuau735, luau735 } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

// `integer.idiv` of operands of opposite signs with |a| < |b|: Luau 0.735's interpreter
// returns 0 and its native code -1 (tools/luau-735/README.md). At the top level of a chunk,
// which `--codegen` leaves to the interpreter and `--codegen-cold` compiles natively, the
// printed value says which of the two ran it; the fast flag `LuauCodegenInteger3=false`
// turns native integer code off again.
const idiv = 'print(integer.idiv(integer.create(-1), integer.create(2)))\n';

/** What each spec's runtime printed for `program`, in spec order. */
async function printed(specs: readonly string[], program: string): Promise<string[]> {
  return Promise.all(
    specs.map(async (spec) => {
      const rt = await createLocalRuntime(parseRuntime(spec), { workers: 1, timeoutMs: 10_000 });
      try {
        const o = await rt.run({ id: '0', program });
        expect(o.status, `${spec}: ${o.error ?? ''}`).toBe('ok');
        return o.output;
      } finally {
        await rt.close();
      }
    }),
  );
}

describe.skipIf(!haveLuau735)('luau-cli options on Luau 0.735', needsShared, () => {
  const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-modes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const at = `path=${luau735}`;
  const specs = [
    `luau-cli:-O2:--codegen:${at}`,
    `luau-cli:-O2:--codegen-cold:${at}`,
    `luau-cli:-O2:--codegen-cold:--jit-inliner:${at}`,
    `luau-cli:-O2:--codegen-cold:--fflags=LuauCodegenInteger3=false:${at}`,
  ];

  it('reach the luau process, in every mode of the release', async () => {
    expect(await printed(specs, idiv)).toEqual(['0\n', '-1\n', '-1\n', '0\n']);
  });

  it('reach the luau process of a LuauBatchRunner through luauEngine', async () => {
    const batch = new LuauBatchRunner([{ program: idiv }]);
    try {
      const outputs: string[] = [];
      for (const spec of specs) {
        const [o] = await batch.run(luauEngine(parseRuntime(spec) as LuauCliProfile));
        outputs.push(o!.stdout);
      }
      expect(outputs).toEqual(['0\n', '-1\n', '-1\n', '0\n']);
    } finally {
      batch.close();
    }
  });

  it('reach the process of `check --runtime`, in the order of the spec', async () => {
    // The executable logs its arguments, then is the real luau.
    const log = join(dir, 'argv.log');
    const wrapper = join(dir, 'luau');
    writeFileSync(wrapper, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${luau735}' "$@"\n`);
    chmodSync(wrapper, 0o755);
    const options = '-O2:--codegen-cold:--jit-inliner:--fflags=LuauCodegenInteger3=false';
    const spec = `luau-cli:${options}:path=${wrapper}`;
    const r = await luauFuzz(
      'check',
      ...['--level', 'runnable', '--count', '20', '--seed', '7', '--timeout', '5000'],
      ...['--runtime', spec],
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`runtime ${spec}`);
    expect(r.stdout).toMatch(/ran without error\s+20\s+100\.0%/);
    expect(r.code).toBe(0);
    const calls = readFileSync(log, 'utf8').trim().split('\n');
    expect(calls.length).toBeGreaterThan(0);
    for (const argv of calls)
      expect(argv).toMatch(
        /^-O2 --codegen-cold --jit-inliner --fflags=LuauCodegenInteger3=false \S+\.luau( \S+\.luau)*$/,
      );
  });
});
