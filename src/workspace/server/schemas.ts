/** JSON schemas of the request bodies (validated by Fastify's Ajv, no coercion). */

const id = { type: 'string', maxLength: 256 } as const;

export const pingBody = {
  type: 'object',
  properties: { id },
  additionalProperties: false,
} as const;

export const execBody = {
  type: 'object',
  properties: {
    id,
    project_id: { type: 'string', format: 'uuid' },
    path: { type: 'string', maxLength: 4096 },
    command: { type: 'string', minLength: 1, maxLength: 262144 },
    args: { type: 'array', items: { type: 'string' }, maxItems: 100000 },
    timeout: { type: 'number', minimum: 0 },
    aggregate: { type: ['number', 'string'] },
    max_output: { type: 'integer', minimum: 0 },
    bash: { type: 'boolean' },
    err_on_exit: { type: 'boolean' },
  },
  required: ['project_id', 'command'],
  additionalProperties: false,
} as const;

export const queryBody = {
  type: 'object',
  properties: {
    id,
    query: { type: 'object' },
    changes: {},
    multi_response: { type: 'boolean' },
    options: { type: 'array', items: { type: 'object' } },
  },
  required: ['query'],
  additionalProperties: false,
} as const;

/** Types of top-level fields, for turning form-encoded strings into values. */
export const FIELD_KINDS: Readonly<Record<string, 'boolean' | 'number' | 'json' | 'aggregate'>> = {
  timeout: 'number',
  max_output: 'number',
  bash: 'boolean',
  err_on_exit: 'boolean',
  multi_response: 'boolean',
  aggregate: 'aggregate',
  args: 'json',
  query: 'json',
  options: 'json',
};
