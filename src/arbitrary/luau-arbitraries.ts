import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import type fc from 'fast-check';
import { ExprSchema, ModuleSetSchema, StatBlockSchema } from '../../gen/luau_pb.js';
import { grammarOf } from './grammar-of.js';
import type { LuauArbitraries, LuauArbitraries735 } from './arbitraries-shape.js';
import { messageKey } from './message-key.js';
import { resolveOptions, type LuauArbitraryOptions, type ResolvedOptions } from './options.js';
import { rawGrammar } from './raw-grammar.js';
import { runnableChunk, runnableModuleSet, runnableNumber } from './runnable/index.js';
import { builtFromRecord } from './runnable/built-from-record.js';
import { ScopedResolver } from './resolve-scoped.js';
import { schemaArbitraries } from './schema-level.js';
import { tracedMap } from './traced-map.js';

/**
 * An arbitrary for every message of the schema, valid at the requested level and for the
 * requested profile. Values are protobuf-es messages that encode with `toBinary` as they are;
 * the same seed gives the same trees, and fast-check's shrinking works on them.
 *
 * With `grammar: '735'` the messages are those of Luau 0.735's fuzzer schema
 * ({@link LuauArbitraries735}; options whose grammar is not `'735'` as far as the compiler
 * knows type them as the seed's), every one reachable at the schema level, and the syntax level's
 * trees parse on Luau 0.735 with the class flags once printed with `{ grammar: grammar735 }`.
 *
 * Above the schema level, each message is resolved as if it stood at the start of a chunk
 * (`stat`, `expr` and the rest are valid alone); `moduleSet` and `statBlock` are whole programs.
 * At the `runnable` and `typed` levels, `moduleSet`, `statBlock` (a program) and `expr` (a
 * number) are runnable; the other messages, parts of programs, are valid at the scoped level.
 *
 * Shrinking: a failing runnable program shrinks through the record of choices it was built
 * from (shorter, with blocks of choices deleted or zeroed, single choices lowered), so every
 * shrunk program is runnable too. Trees given to fast-check in `examples` shrink above the
 * schema level when an arbitrary of the same options built them (the very object: it leads
 * back to the record of choices or the raw tree it was built from); a tree built elsewhere
 * (by hand, read from a file, cloned) does not shrink there. At the schema level, any tree
 * shrinks.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * const { moduleSet } = luauArbitraries({ level: 'scoped', profile: 'luau-web' });
 * fc.assert(fc.property(moduleSet, (tree) => printPretty(tree).length > 0));
 * ```
 */
export function luauArbitraries(
  options: LuauArbitraryOptions & { grammar: '735' },
): LuauArbitraries735;
export function luauArbitraries(options?: LuauArbitraryOptions): LuauArbitraries;
export function luauArbitraries(
  options: LuauArbitraryOptions = {},
): LuauArbitraries | LuauArbitraries735 {
  const resolved = resolveOptions(options);
  if (resolved.level === 'schema') return schemaArbitraries(resolved);
  return resolvedArbitraries(resolved);
}

function resolvedArbitraries(options: ResolvedOptions): LuauArbitraries {
  const raw = rawGrammar(options);
  const out: Record<string, fc.Arbitrary<unknown>> = {};
  const runnable = options.level === 'runnable' || options.level === 'typed';
  const key = JSON.stringify(options);
  for (const desc of grammarOf(options).file.messages) {
    const arb = raw[desc.name]!;
    out[messageKey(desc.name)] = tracedMap(arb, `${desc.name} ${key}`, (value) =>
      resolveOne(options, desc, value),
    );
  }
  if (runnable) {
    // Whole programs and number expressions are built type-directed from a record of choices.
    out[messageKey(ModuleSetSchema.name)] = builtFromRecord(
      `moduleSet ${key}`,
      (r) => runnableModuleSet(r, options),
      (tree) => (tree.module?.body.length ?? 0) + (tree.program?.body.length ?? 0),
    );
    out[messageKey(StatBlockSchema.name)] = builtFromRecord(
      `statBlock ${key}`,
      (r) => runnableChunk(r, options),
      (block) => block.body.length,
    );
    out[messageKey(ExprSchema.name)] = builtFromRecord(`expr ${key}`, (r) =>
      runnableNumber(r, options),
    );
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
