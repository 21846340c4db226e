import { describe, expect, it } from 'vitest';
import { packBatches } from '../../src/campaign/batches.js';
import { campaignArbitrary, generatePrograms } from '../../src/campaign/programs.js';
import { encodeBatch } from '../../src/runtime/remote-runner.js';

const programs = generatePrograms(
  campaignArbitrary({ level: 'syntax', profile: 'luau-web', maxNodes: null }),
  11,
  Array.from({ length: 60 }, (_, i) => i),
);

describe('packBatches', () => {
  it('keeps every program once, in order, under the size and payload limits', () => {
    const limit = 1500;
    const batches = packBatches(programs, 25, limit);
    expect(batches.flat().map((p) => p.index)).toEqual(programs.map((p) => p.index));
    for (const b of batches) {
      expect(b.length).toBeLessThanOrEqual(25);
      if (b.length > 1) {
        expect(
          encodeBatch(b.map((p) => ({ id: String(p.index), program: p.program, module: p.module })))
            .length,
        ).toBeLessThanOrEqual(limit);
      }
    }
    // 60 programs at 25 per batch make 3 batches; the payload limit splits them further.
    expect(batches.length).toBeGreaterThan(3);
  });

  it('fills each batch but the last close to the payload limit', () => {
    const limit = 3000;
    const batches = packBatches(programs, 60, limit);
    const sizes = batches.map(
      (b) =>
        encodeBatch(b.map((p) => ({ id: String(p.index), program: p.program, module: p.module })))
          .length,
    );
    expect(batches.flat().map((p) => p.index)).toEqual(programs.map((p) => p.index));
    for (const size of sizes.slice(0, -1)) {
      expect(size).toBeLessThanOrEqual(limit);
      expect(size).toBeGreaterThan(0.7 * limit);
    }
  });
});

describe('generatePrograms', () => {
  it('draws the same program for an index alone or within a range', () => {
    const alone = generatePrograms(
      campaignArbitrary({ level: 'syntax', profile: 'luau-web', maxNodes: null }),
      11,
      [17, 42],
    );
    expect(alone.map((p) => p.program)).toEqual([programs[17]!.program, programs[42]!.program]);
  });
});
