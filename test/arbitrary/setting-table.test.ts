import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  OptionError,
  resolveSettings,
  setting,
  storedSchema,
  withAbsent,
} from '../../src/arbitrary/index.js';
import { checkValue } from '../../src/format/index.js';

const table = {
  durationMs: setting(Type.Integer({ minimum: 1 }), {
    flag: '--duration <ms>',
    help: 'd',
    stored: true,
  }),
  count: setting(Type.Integer({ minimum: 1 }), {
    flag: '--count <n>',
    // A default may read the settings before it in the table.
    default: (given: Readonly<Record<string, unknown>>) =>
      given.durationMs === undefined ? 10 : 99,
    help: 'c',
    stored: true,
  }),
  share: setting(Type.Integer({ minimum: 0, maximum: 100 }), {
    default: 5,
    check: (v: number, resolved: Readonly<Record<string, unknown>>) =>
      v > (resolved.count as number) ? `must be at most the count, got ${v}` : undefined,
    help: 's',
    stored: true,
    absentAs: 5,
  }),
  mode: setting(Type.Enum(['a', 'b']), {
    flag: '--mode <m>',
    default: 'a' as const,
    help: 'm',
    stored: false,
  }),
};

describe('resolveSettings', () => {
  it('fills in the defaults in the table order, and leaves a setting without one absent', () => {
    expect(resolveSettings(table, {})).toEqual({ count: 10, share: 5, mode: 'a' });
    expect(resolveSettings(table, { durationMs: 3 })).toEqual({
      durationMs: 3,
      count: 99,
      share: 5,
      mode: 'a',
    });
  });

  it('names the setting and says what is wrong: its type, its range, its own check', () => {
    const reason = (given: object) => {
      try {
        resolveSettings(table, given);
      } catch (e) {
        if (e instanceof OptionError) return [e.option, e.reason];
        throw e;
      }
      return undefined;
    };
    expect(reason({ count: 0 })).toEqual(['count', 'must be an integer ≥ 1, got 0']);
    expect(reason({ share: 101 })).toEqual(['share', 'must be an integer from 0 to 100, got 101']);
    expect(reason({ share: 11 })).toEqual(['share', 'must be at most the count, got 11']);
    expect(reason({ mode: 'c' })).toEqual(['mode', 'must be one of "a", "b"']);
  });
});

describe('storedSchema', () => {
  it('requires the stored settings a file has always had, and reads the newer ones as they were', () => {
    const schema = storedSchema(table, { version: Type.Integer() });
    expect(() => checkValue(schema, { version: 1 }, 'f.json')).toThrow(
      "f.json: field 'count' is missing",
    );
    const read = checkValue(schema, { version: 1, count: 4, mode: 'zzz' }, 'f.json');
    expect(withAbsent(table, read)).toEqual({ version: 1, count: 4, share: 5, mode: 'zzz' });
  });
});
