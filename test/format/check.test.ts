import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { checkValue, FormatError, fieldPath } from '../../src/format/index.js';

const Job = Type.Union([
  Type.Object({ type: Type.Literal('blocking'), stdout: Type.String(), exit_code: Type.Integer() }),
  Type.Object({
    type: Type.Literal('async'),
    job_id: Type.String(),
    status: Type.Union([Type.Literal('running'), Type.Literal('completed')]),
  }),
]);
const Doc = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    jobs: Type.Array(Job),
    aggregate: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  },
  { additionalProperties: false },
);
const id = '0b5e7c9a-3f43-4c1e-9a55-0a4f1c2d3e4f';

function problem(value: unknown): FormatError {
  try {
    checkValue(Doc, value, 'answer.json');
  } catch (e) {
    if (e instanceof FormatError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('checkValue', () => {
  it('returns a value of its format as it is', () => {
    const v = { id, jobs: [{ type: 'blocking', stdout: '', exit_code: 0 }], aggregate: 'x' };
    expect(checkValue(Doc, v, 'answer.json')).toBe(v);
  });

  it('names the source, the field and the fault', () => {
    expect(problem({ id, jobs: [{ type: 'blocking', stdout: 3, exit_code: 0 }] }).message).toBe(
      "answer.json: field 'jobs[0].stdout' must be string, not integer",
    );
    expect(problem({ jobs: [] })).toMatchObject({ field: 'id', problem: 'is missing' });
    expect(problem({ id, jobs: [], extra: 1 })).toMatchObject({
      field: 'extra',
      problem: 'is not a field of this format',
    });
    expect(problem({ id: 'nope', jobs: [] }).field).toBe('id');
    expect(problem('text').message).toBe('answer.json: must be object, not string');
  });

  it('reads a union by its discriminating field and lists the types of a plain one', () => {
    // `type` says async: the fault is the async shape's, not "type must be 'blocking'".
    expect(problem({ id, jobs: [{ type: 'async', job_id: 'j', status: 'lost' }] })).toMatchObject({
      field: 'jobs[0].status',
      problem: 'must be "running" or "completed"',
    });
    expect(problem({ id, jobs: [{ type: 'async', status: 'running' }] })).toMatchObject({
      field: 'jobs[0].job_id',
      problem: 'is missing',
    });
    expect(problem({ id, jobs: [], aggregate: true }).problem).toBe(
      'must be number or string, not boolean',
    );
  });

  it('writes JSON pointers as field paths', () => {
    expect(fieldPath('')).toBe('');
    expect(fieldPath('/a/0/b~1c/~0d')).toBe('a[0].b/c.~d');
  });
});
