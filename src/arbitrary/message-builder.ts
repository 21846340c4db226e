import {
  create,
  isFieldSet,
  isMessage,
  type DescMessage,
  type MessageShape,
} from '@bufbuild/protobuf';
import fc from 'fast-check';

/**
 * A set oneof as protobuf-es holds it.
 *
 * @example
 * ```ts
 * const set: OneofValue = { case: 'while', value: create(StatWhileSchema) };
 * ```
 */
export interface OneofValue {
  case: string;
  value: unknown;
}

/**
 * An arbitrary of `desc` messages built from one arbitrary per member (field or oneof, by its
 * local name; a member left out stays unset, an `undefined` value too). The mapping has an
 * inverse, so the messages shrink even without fast-check's context (after hoisting).
 *
 * @example
 * ```ts
 * const local = messageOf(LocalSchema, { name: fc.integer({ min: 0, max: 255 }) });
 * ```
 */
export function messageOf<Desc extends DescMessage>(
  desc: Desc,
  parts: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<MessageShape<Desc>> {
  const keys = Object.keys(parts);
  return fc.record(parts).map(
    (init) => {
      const defined = Object.fromEntries(Object.entries(init).filter(([, v]) => v !== undefined));
      return create(desc, defined as never) as MessageShape<Desc>;
    },
    (value) => {
      const init = messageToInit(desc, value);
      for (const key of Object.keys(init)) {
        if (!keys.includes(key)) {
          if (init[key] !== undefined && !isEmptyList(init[key]))
            throw new Error(`unexpected ${key}`);
          delete init[key];
        }
      }
      return init;
    },
  );
}

/**
 * One case of a oneof, for {@link messageOf}: the value of `arb` under the case `name`.
 *
 * @example
 * ```ts
 * const stat = messageOf(StatSchema, { statOneof: fc.oneof(caseOf('while', whileStat)) });
 * ```
 */
export function caseOf<T>(name: string, arb: fc.Arbitrary<T>): fc.Arbitrary<OneofValue> {
  return arb.map(
    (value) => ({ case: name, value }),
    (set) => {
      const s = set as Partial<OneofValue> | undefined;
      if (s?.case !== name) throw new Error(`not the ${name} case`);
      return s.value as T;
    },
  );
}

/**
 * The parts of a message as {@link messageOf} takes them: every member by local name, unset
 * fields and oneofs as `undefined`, lists as they are.
 *
 * @example
 * ```ts
 * messageToInit(LocalSchema, create(LocalSchema, { name: 3 })); // { name: 3 }
 * ```
 */
export function messageToInit(desc: DescMessage, value: unknown): Record<string, unknown> {
  if (!isMessage(value, desc)) throw new Error(`not a ${desc.typeName}`);
  const fields = value as unknown as Record<string, unknown>;
  const init: Record<string, unknown> = {};
  for (const member of desc.members) {
    if (member.kind === 'oneof') {
      const set = fields[member.localName] as { case: string | undefined; value?: unknown };
      init[member.localName] =
        set.case === undefined ? undefined : { case: set.case, value: set.value };
    } else {
      init[member.localName] =
        member.fieldKind === 'list' || isFieldSet(value, member)
          ? fields[member.localName]
          : undefined;
    }
  }
  return init;
}

function isEmptyList(v: unknown): boolean {
  return Array.isArray(v) && v.length === 0;
}
