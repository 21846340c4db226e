import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package-root.js';

const out = mkdtempSync(join(tmpdir(), 'luau-fuzz-gen-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('gen/', () => {
  it('equals a fresh generation from both schemas in proto/ with buf and protoc-gen-es', () => {
    execFileSync(join(packageRoot, 'node_modules', '.bin', 'buf'), ['generate', '-o', out], {
      cwd: packageRoot,
      stdio: 'pipe',
    });
    const fresh = readdirSync(join(out, 'gen')).sort();
    const committed = readdirSync(join(packageRoot, 'gen')).sort();
    // One file per grammar: the seed's (715) and Luau 0.735's.
    expect(fresh).toEqual(['luau-735_pb.ts', 'luau_pb.ts']);
    expect(committed).toEqual(fresh);
    for (const file of fresh) {
      expect(readFileSync(join(packageRoot, 'gen', file), 'utf8'), file).toBe(
        readFileSync(join(out, 'gen', file), 'utf8'),
      );
    }
  });
});
