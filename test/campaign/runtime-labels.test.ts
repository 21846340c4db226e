import { describe, expect, it } from 'vitest';
import {
  runtimeLabels,
  runtimeLegend,
  withRuntimeLabels,
} from '../../src/campaign/runtime-labels.js';

describe('runtimeLabels', () => {
  it('cuts a path to its last part, or to as many as tell the runtimes apart', () => {
    expect(runtimeLabels(['luau-cli:-O2:path=/very/long/build dir/luau', 'luau-web'])).toEqual([
      'luau-cli:-O2:path=…/luau',
      'luau-web',
    ]);
    const mutants = ['a', 'b'].map((m) => `luau-cli:-O2:path=/tmp/x/mutants/${m}/luau`);
    expect(runtimeLabels(mutants)).toEqual([
      'luau-cli:-O2:path=…/a/luau',
      'luau-cli:-O2:path=…/b/luau',
    ]);
    expect(runtimeLabels(['command:/usr/bin/node /opt/w/wrap.mjs {program}'])).toEqual([
      'command:…/node …/wrap.mjs {program}',
    ]);
  });

  it('gives a legend of the labels that differ from their specs, and labels text', () => {
    const specs = ['luau-cli:path=/opt/b/luau', 'luau-web'];
    expect(runtimeLegend(specs)).toEqual(['  luau-cli:path=…/luau = luau-cli:path=/opt/b/luau']);
    expect(
      withRuntimeLabels('mismatch · luau-cli:path=/opt/b/luau: ok | luau-web: ok', specs),
    ).toBe('mismatch · luau-cli:path=…/luau: ok | luau-web: ok');
  });
});
