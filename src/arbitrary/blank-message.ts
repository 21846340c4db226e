import { create, type DescMessage, type MessageShape } from '@bufbuild/protobuf';

/** A message whose fields the constructor sets one by one. */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** The fields of a message of `Desc`, as {@link made} takes them. */
export type Fields<Desc extends DescMessage> = Partial<
  Omit<MessageShape<Desc>, '$typeName' | '$unknown'>
>;

// For proto2 the prototype protobuf-es gives a message holds the scalar fields' default values,
// so a scalar field is set exactly when it is an own property (what `isFieldSet` and the
// encoders read). Read once per schema from a message `create()` makes.
const prototypes = new Map<DescMessage, object>();

/**
 * A message of `schema` with no field set yet: the caller sets every field `create()` would, in
 * the schema's member order (own-property order is what walks over `Object.entries` see), and
 * passes lists without copying them. The generators build thousands of messages per program,
 * and `create()` reads its initializer through the descriptor on every call.
 *
 * @example
 * ```ts
 * const m = blank(LocalSchema);
 * m.name = 3;
 * return m; // equals create(LocalSchema, { name: 3 })
 * ```
 */
export function blank<Desc extends DescMessage>(schema: Desc): Writable<MessageShape<Desc>> {
  let prototype = prototypes.get(schema);
  if (prototype === undefined) {
    prototype = Object.getPrototypeOf(create(schema)) as object;
    prototypes.set(schema, prototype);
  }
  const m = Object.create(prototype) as Writable<MessageShape<Desc>>;
  m.$typeName = schema.typeName as MessageShape<Desc>['$typeName'];
  return m;
}

/**
 * A message of `schema` with `fields` set, as {@link blank} makes them: every field `create()`
 * would set, in the schema's member order.
 *
 * @example
 * ```ts
 * made(LocalSchema, { name: 3 }); // equals create(LocalSchema, { name: 3 })
 * ```
 */
export function made<Desc extends DescMessage>(
  schema: Desc,
  fields: Fields<Desc>,
): MessageShape<Desc> {
  return Object.assign(blank(schema), fields) as MessageShape<Desc>;
}
