import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import type fc from 'fast-check';
import { ExprSchema, ModuleSetSchema, StatBlockSchema, file_luau } from '../../gen/luau_pb.js';
import type { LuauArbitraries } from './arbitraries-shape.js';
import { messageKey } from './message-key.js';
import { resolveOptions, type LuauArbitraryOptions, type ResolvedOptions } from './options.js';
import { rawGrammar } from './raw-grammar.js';
import {
  choiceRecord,
  runnableChunk,
  runnableModuleSet,
  runnableNumber,
} from './runnable/index.js';
import { ScopedResolver } from './resolve-scoped.js';
import { schemaArbitraries } from './schema-level.js';

/**
 * An arbitrary for every message of the schema, valid at the requested level and for the
 * requested profile. Values are protobuf-es messages that encode with `toBinary` as they are;
 * the same seed gives the same trees, and fast-check's shrinking works on them.
 *
 * Above the schema level, each message is resolved as if it stood at the start of a chunk
 * (`stat`, `expr` and the rest are valid alone); `moduleSet` and `statBlock` are whole programs.
 * At the `runnable` and `typed` levels, `moduleSet`, `statBlock` (a program) and `expr` (a
 * number) are runnable; the other messages, parts of programs, are valid at the scoped level.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * const { moduleSet } = luauArbitraries({ level: 'scoped', profile: 'luau-web' });
 * fc.assert(fc.property(moduleSet, (tree) => printPretty(tree).length > 0));
 * ```
 */
export function luauArbitraries(options: LuauArbitraryOptions = {}): LuauArbitraries {
  const resolved = resolveOptions(options);
  if (resolved.level === 'schema') return schemaArbitraries(resolved);
  return resolvedArbitraries(resolved);
}

function resolvedArbitraries(options: ResolvedOptions): LuauArbitraries {
  const raw = rawGrammar(options);
  const out: Record<string, fc.Arbitrary<unknown>> = {};
  const runnable = options.level === 'runnable' || options.level === 'typed';
  for (const desc of file_luau.messages) {
    const arb = raw[desc.name]!;
    out[messageKey(desc.name)] = arb.map((value) => resolveOne(options, desc, value));
  }
  if (runnable) {
    // Whole programs and number expressions are built type-directed from a record of choices.
    out[messageKey(ModuleSetSchema.name)] = choiceRecord().map((r) =>
      runnableModuleSet(r, options),
    );
    out[messageKey(StatBlockSchema.name)] = choiceRecord().map((r) => runnableChunk(r, options));
    out[messageKey(ExprSchema.name)] = choiceRecord().map((r) => runnableNumber(r, options));
  }
  return out as unknown as LuauArbitraries;
}

function resolveOne<Desc extends DescMessage>(
  options: ResolvedOptions,
  desc: Desc,
  raw: unknown,
): MessageShape<Desc> {
  if (options.level === 'runnable' || options.level === 'typed') {
    // Parts of programs: valid alone at the scoped level.
    return new ScopedResolver({ ...options, level: 'scoped' }).any(desc, raw as MessageShape<Desc>);
  }
  return new ScopedResolver(options).any(desc, raw as MessageShape<Desc>);
}
