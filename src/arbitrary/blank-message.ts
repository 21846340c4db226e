import { create, type DescMessage, type Message, type MessageShape } from '@bufbuild/protobuf';

/**
 * What a message of one type needs to be made without `create()`: its type name and the
 * prototype protobuf-es gives it. For proto2 that prototype holds the scalar fields' default
 * values, so a scalar field is set exactly when it is an own property (what `isFieldSet` and
 * the encoders read).
 *
 * @example
 * ```ts
 * const EXPR = messageKind(ExprSchema);
 * ```
 */
export interface MessageKind<T extends Message> {
  readonly typeName: T['$typeName'];
  readonly prototype: object;
}

/** A message whose fields the constructor sets one by one. */
export type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The {@link MessageKind} of a schema, read once from a message `create()` makes.
 *
 * @example
 * ```ts
 * const LOCAL = messageKind(LocalSchema);
 * ```
 */
export function messageKind<Desc extends DescMessage>(
  schema: Desc,
): MessageKind<MessageShape<Desc>> {
  return {
    typeName: schema.typeName as MessageShape<Desc>['$typeName'],
    prototype: Object.getPrototypeOf(create(schema)) as object,
  };
}

/**
 * A message of `kind` with no field set yet: the caller sets every field `create()` would, in
 * the schema's member order (own-property order is what walks over `Object.entries` see), and
 * passes lists without copying them. The generators build thousands of messages per program,
 * and `create()` reads its initializer through the descriptor on every call.
 *
 * @example
 * ```ts
 * const m = blank(LOCAL);
 * m.name = 3;
 * return m; // equals create(LocalSchema, { name: 3 })
 * ```
 */
export function blank<T extends Message>(kind: MessageKind<T>): Writable<T> {
  const m = Object.create(kind.prototype) as Writable<T>;
  m.$typeName = kind.typeName;
  return m;
}
