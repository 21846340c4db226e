import { createHash } from 'node:crypto';
import { toBinary } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { grammar735 } from '../../src/tree/index.js';
import {
  GENERATOR_VERSION,
  luauArbitraries,
  profileNames,
  validityLevels,
} from '../../src/arbitrary/index.js';

/**
 * The generator's output at each version: the fingerprint below. A change that alters a
 * generated tree adds a line here with the next version (and bumps GENERATOR_VERSION);
 * the lines of earlier versions stay as they were.
 */
const fingerprints: Readonly<Record<number, string>> = {
  1: '1aaf493604c693a76f11e313b4dc1f0e18e16e8a3467e1247910417f750833bd',
  2: 'd15556eb8474b9e48a828a275c98ecb237d9a8331dc4a57afdf5a3e5bedace35',
  3: '6d170e0927c2c8dd3c5d105f267e523fca2d5612dc1b3347c8a6b7abc2d71ade',
  4: '4bbc193ffe2c0be0687ff5b29e2652eb1fa0402622909d002fa1ed1b4e9c8f66',
  5: '5d3a5e99f709bdad196dd4f504f8e1826d9f32c39265523671f88e004feb6fcf',
  6: 'facfb5929927af471793de56683d9b977120ee1ace23d7f4178187d2fda2710f',
  7: 'd9e6a1a9c32e040dcc3df8bae6250b83f52f6bec7515971a8b1fba3f70391891',
  8: '01e283a60e1c238ec4bc15ff79c4c49879420f70bd66bd0397d57a3c39be5ac7',
  9: '106ae1c05ceb59d39dc3ce14525818860e3dd9f94a68ebb43028ad5613d83448',
  10: '145b16f8712a5d1de2219c84f79e34023bff38560762824eacbf69071721a8bd',
  11: 'dded4160734d4ffd04c1bb8347dbaa16924c342434188f6a174b8f7e97f6af6d',
  12: 'e4ad78eb376e2a8899f0a2fc0fd78d2c6ec490c64cedc8501c37ad9e29193200',
  13: 'ecb54d51b0094bb375d15e9f0230f075a871dc5a8ecf3904a8832d806e3fda86',
  14: '982d706a5fd0c76cc6395e9fa4f9b37a4c15d6cbe8aff5d10ea8edef81a18696',
  15: 'b417b6ff3eec401746fc04fefe00890b0ef15ed52a62e8950bcb3056ee11a46b',
};

/**
 * SHA-256 of the binary trees of the first 50 programs of seed 1, per level and profile, of
 * typed programs made for the new solver (`--checker new`, from version 11), and of every level
 * of grammar 735 (from version 13).
 */
function fingerprint(): { all: string; parts: Record<string, string> } {
  const all = createHash('sha256');
  const parts: Record<string, string> = {};
  const settings = [
    ...validityLevels.map((level) => ({ level, checker: 'old' as const, grammar: '715' as const })),
    { level: 'typed' as const, checker: 'new' as const, grammar: '715' as const },
    ...validityLevels.map((level) => ({
      level,
      checker: level === 'typed' ? ('new' as const) : ('old' as const),
      grammar: '735' as const,
    })),
  ];
  for (const { level, checker, grammar } of settings) {
    const schema = grammar === '735' ? grammar735.moduleSet : ModuleSetSchema;
    for (const profile of profileNames) {
      const part = createHash('sha256');
      const arbitrary = luauArbitraries({
        level,
        profile,
        ...(checker === 'new' ? { checker } : {}),
        ...(grammar === '735' ? { grammar } : {}),
      }).moduleSet;
      for (const tree of fc.sample(arbitrary, { seed: 1, numRuns: 50 }))
        part.update(toBinary(schema, tree as never));
      const digest = part.digest('hex');
      const name = `${level}${checker === 'new' ? '-new' : ''}${grammar === '735' ? '-735' : ''}`;
      parts[`${name}/${profile}`] = digest.slice(0, 16);
      all.update(digest);
    }
  }
  return { all: all.digest('hex'), parts };
}

describe('GENERATOR_VERSION', () => {
  it('changes with every change of the generated trees (pinned fingerprint)', () => {
    const { all, parts } = fingerprint();
    const pinned = fingerprints[GENERATOR_VERSION];
    expect(
      pinned,
      `GENERATOR_VERSION is ${GENERATOR_VERSION}, which has no fingerprint here: add ${GENERATOR_VERSION}: '${all}'`,
    ).toBeDefined();
    expect(
      all,
      `generator output changed: bump GENERATOR_VERSION (src/arbitrary/generator-version.ts, now ${GENERATOR_VERSION}) ` +
        `and add its fingerprint here: ${GENERATOR_VERSION + 1}: '${all}' (per level/profile: ${JSON.stringify(parts)})`,
    ).toBe(pinned);
  });

  it('is the latest version pinned, each with its own fingerprint', () => {
    const versions = Object.keys(fingerprints).map(Number);
    expect(Math.max(...versions)).toBe(GENERATOR_VERSION);
    expect(new Set(Object.values(fingerprints)).size).toBe(versions.length);
  });
});
