import { describe, expect, it } from 'vitest';
import { DEFAULT_QUOTAS, effectiveQuotas } from '../../src/workspace/server/index.js';

describe('effectiveQuotas', () => {
  it('starts from the defaults the README names: 1000 MB memory, 3000 MB disk, 1800 s idle, no network', () => {
    expect(effectiveQuotas({})).toMatchObject({
      memory: 1000,
      disk_quota: 3000,
      mintime: 1800,
      network: 0,
    });
    expect(effectiveQuotas({})).toEqual(DEFAULT_QUOTAS);
  });

  it("adds every user's upgrades, and turns the network on when any user does", () => {
    const q = effectiveQuotas({
      a: { group: 'owner', upgrades: { memory: 500, disk_quota: 1000 } },
      b: { group: 'collaborator', upgrades: { memory: 250, network: 1 } },
      c: { group: 'collaborator' },
    });
    expect(q).toMatchObject({ memory: 1750, disk_quota: 4000, mintime: 1800, network: 1 });
  });
});
