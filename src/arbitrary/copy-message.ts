import { clone, createRegistry, type Message } from '@bufbuild/protobuf';
import { file_luau } from '../../gen/luau_pb.js';

const registry = createRegistry(file_luau);

/**
 * A deep copy of any message of the schema, found by its type name.
 *
 * @example
 * ```ts
 * const copy = copyMessage(name); // a new Name equal to `name`
 * ```
 */
export function copyMessage<T extends Message>(message: T): T {
  const desc = registry.getMessage(message.$typeName);
  if (desc === undefined) throw new Error(`not a message of the schema: ${message.$typeName}`);
  return clone(desc, message as never) as unknown as T;
}
