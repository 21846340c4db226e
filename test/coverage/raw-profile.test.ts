// @module-tag shared: every test here runs the coverage build in ../shared
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CounterLayoutError,
  CounterMap,
  profileReach,
  RawProfileError,
  readRawProfile,
  readRawProfileFunctions,
  type RawProfile,
} from '../../src/coverage/index.js';
import { coverageBuildDir, haveCoverageBuild, llvmTools } from '../helpers/coverage-build.js';

const dir = mkdtempSync(join(tmpdir(), 'raw-profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runProfiled(name: string, program: string): string {
  const file = join(dir, `${name}.luau`);
  const profile = join(dir, `${name}.profraw`);
  writeFileSync(file, program);
  execFileSync(join(coverageBuildDir, 'luau'), [file], {
    env: { ...process.env, LLVM_PROFILE_FILE: profile },
  });
  return profile;
}

function counter(profile: RawProfile, i: number): number {
  return profile.counters[2 * i]! + 2 ** 32 * profile.counters[2 * i + 1]!;
}

/** `llvm-profdata show --all-functions --counts`: per function name, hash and counts. */
function profdataCounts(file: string): Map<string, { hash: string; counts: number[] }> {
  const text = execFileSync(llvmTools().profdata, ['show', '--all-functions', '--counts', file], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const out = new Map<string, { hash: string; counts: number[] }>();
  const re =
    /^ {2}(\S.*):\n {4}Hash: 0x([0-9a-f]+)\n {4}Counters: \d+\n {4}Function count: (\d+)\n {4}Block counts: \[([^\]]*)\]/gm;
  for (const m of text.matchAll(re)) {
    const blocks = m[4]!.trim() === '' ? [] : m[4]!.split(', ').map(Number);
    out.set(m[1]!, { hash: m[2]!, counts: [Number(m[3]), ...blocks] });
  }
  return out;
}

function nameRef(name: string): string {
  // IndexedInstrProf::ComputeHash: the low 8 bytes of the MD5, read little-endian.
  const md5 = createHash('md5').update(name).digest();
  return md5.readBigUInt64LE(0).toString(16).padStart(16, '0');
}

describe.skipIf(!haveCoverageBuild)('readRawProfile on luau 0.715 built for coverage', () => {
  const plain = haveCoverageBuild ? runProfiled('plain', 'print(1)\n') : '';
  const format = haveCoverageBuild
    ? runProfiled('format', 'print(string.format("%q %5.2f", "a\\nb", 1.5))\n')
    : '';

  it('reads the same layout from both runs, and string.format reaches counters print(1) does not', () => {
    const a = readRawProfile(plain);
    const b = readRawProfile(format);
    expect(a.version).toBe(8);
    expect(a.binaryIds).toHaveLength(1);
    expect(b.binaryIds).toEqual(a.binaryIds);
    expect(b.counterCount).toBe(a.counterCount);
    expect(a.counterCount).toBeGreaterThan(10_000);

    const map = new CounterMap();
    const firstA = map.add(profileReach(a));
    expect(firstA.length).toBeGreaterThan(1000);
    const firstB = map.add(profileReach(b));
    expect(firstB.length).toBeGreaterThan(0);
    for (const i of firstB) {
      expect(counter(b, i)).toBeGreaterThan(0);
      expect(counter(a, i)).toBe(0);
    }
    expect(map.reachedCount).toBe(firstA.length + firstB.length);
    // Adding a run again reaches nothing new.
    expect(map.add(profileReach(b))).toEqual([]);
    // A saved map restores to the same answers.
    const restored = new CounterMap(map.state());
    expect(restored.reachedCount).toBe(map.reachedCount);
    expect(restored.add(profileReach(a))).toEqual([]);
  });

  it('gives every function the counts llvm-profdata shows', () => {
    const profile = readRawProfile(format);
    const functions = readRawProfileFunctions(format);
    expect(functions).toHaveLength(profile.functions);
    expect(functions.reduce((n, f) => n + f.counters, 0)).toBe(profile.counterCount);
    const byRef = new Map(functions.map((f) => [`${f.nameRef}:${f.funcHash}`, f]));
    const shown = profdataCounts(format);
    expect(shown.size).toBeGreaterThan(1000);
    let reachedCompared = 0;
    // The counters llvm-profdata shows above zero, placed by the function records alone.
    const shownReached: number[] = [];
    const unmatched: string[] = [];
    for (const [name, { hash, counts }] of shown) {
      const f = byRef.get(`${nameRef(name)}:${hash.padStart(16, '0')}`);
      if (f === undefined) {
        unmatched.push(name);
        continue;
      }
      const ours = Array.from({ length: f.counters }, (_, k) =>
        counter(profile, f.firstCounter + k),
      );
      expect(ours, name).toEqual(counts);
      counts.forEach((c, k) => {
        if (c > 0) shownReached.push(f.firstCounter + k);
      });
      if (counts.some((c) => c > 0)) reachedCompared++;
    }
    // Every function llvm-profdata shows is matched (12,993 of 12,993): none is left out.
    expect(unmatched).toEqual([]);
    expect(shown.size).toBe(functions.length);
    expect(reachedCompared).toBeGreaterThan(500);
    // profileReach reports exactly the counters reached: each one, the first included.
    expect(Array.from(profileReach(profile).reached)).toEqual(shownReached.sort((a, b) => a - b));
    expect(shownReached[0]).toBe(0);
  });

  it('reads into a scratch buffer the same counters as into fresh memory', () => {
    const scratch = Buffer.alloc(1 << 20);
    const fresh = readRawProfile(format);
    const reused = readRawProfile(format, scratch);
    expect(reused.counters.buffer).toBe(scratch.buffer);
    expect(reused.counters).toEqual(fresh.counters);
    expect(profileReach(reused).reached).toEqual(profileReach(fresh).reached);
  });

  it('refuses what is not a raw profile, naming the file', () => {
    const bad = join(dir, 'bad.profraw');
    writeFileSync(bad, Buffer.alloc(200));
    expect(() => readRawProfile(bad)).toThrow(RawProfileError);
    expect(() => readRawProfile(bad)).toThrow(/bad\.profraw .*bad magic/);
    const cut = join(dir, 'cut.profraw');
    const whole = execFileSync('head', ['-c', '4096', plain]);
    writeFileSync(cut, whole);
    expect(() => readRawProfile(cut)).toThrow(/cut\.profraw: the raw profile ends at byte/);
  });

  it('refuses a profile of another layout', () => {
    const map = new CounterMap();
    map.add(profileReach(readRawProfile(plain)));
    const other = { ...profileReach(readRawProfile(plain)), binaryId: '00' };
    expect(() => map.add(other)).toThrow(CounterLayoutError);
  });
});
