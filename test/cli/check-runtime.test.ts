import { describe, expect, it } from 'vitest';
import { checkValidity } from '../../src/campaign/index.js';
import { runtimeNote } from '../../src/cli/check.js';
import { parseRuntime } from '../../src/runtime/index.js';
import { luauFuzz } from '../helpers/arbitrary-cli.js';
import { realLuau } from '../runtime/luau-715.js';
import { needsShared } from '../helpers/shared.js';

describe('runtimeNote', () => {
  it("explains luau-web's lack of integer literals with the share they cost", async () => {
    const runtime = parseRuntime('luau-web');
    const report = await checkValidity({ level: 'scoped', profile: 'luau', count: 60, seed: 5 });
    const malformed = report.errors.find((e) => e.message === 'Malformed number');
    expect(malformed?.count).toBeGreaterThan(0);
    const note = runtimeNote(report, runtime);
    expect(note).toContain(`${malformed!.count} programs`);
    expect(note).toMatch(/integer literals \(5i\), which real Luau parses and luau-web 1\.4\.0/);
    expect(note).toContain('--runtime luau-cli:path=LUAU');
    expect(runtimeNote({ ...report, errors: [] }, runtime)).toBe('runtime luau-web\n');
  });
});

describe('checkCommand --runtime', () => {
  it('rejects a runtime spec that does not parse, naming the option', async () => {
    const r = await luauFuzz('check', '--count', '1', '--runtime', 'luau-cli:-O7');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--runtime.*-O7/);
  });

  it('refuses a luau path that does not exist, naming the flag and the path, before it runs anything', async () => {
    const r = await luauFuzz('check', '--count', '1', '--runtime', 'luau-cli:path=/no/such/luau');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      "option '--runtime <spec>' argument 'luau-cli:path=/no/such/luau' is invalid. /no/such/luau does not exist",
    );
  });

  it.skipIf(realLuau === undefined)(
    'measures validity on real Luau, integer literals included',
    needsShared,
    async () => {
      const r = await luauFuzz(
        'check',
        '--level',
        'scoped',
        '--count',
        '150',
        '--seed',
        '5',
        '--timeout',
        '1000',
        '--runtime',
        `luau-cli:-O2:path=${realLuau}`,
      );
      expect(r.stdout).toContain(`runtime luau-cli:-O2:path=${realLuau}`);
      expect(r.stdout).toContain('profile luau,');
      expect(r.stdout).toMatch(/compiled\s+150\s+100\.0%/);
      expect(r.stdout).toMatch(/integer \d+%/);
      expect(r.code).toBe(0);
    },
  );
});
