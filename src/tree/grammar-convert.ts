import {
  create,
  isFieldSet,
  type DescField,
  type DescMessage,
  type Message,
} from '@bufbuild/protobuf';
import { TreeError } from './errors.js';
import { grammar715, grammar735, type AnyGrammar, type GrammarTree } from './grammar.js';

type Fields = Record<string, unknown>;

/** What the nodes only 0.735 has are, for the error that refuses to take them down. */
const newNodes: Record<string, string> = {
  ParenlessCall: 'a paren-less call (`f "s"`, `f {…}`)',
  ExprBuiltinRef: 'a builtin reference (`math.abs`)',
  ExprClassInst: 'a class instantiation',
  StatClass: 'a class declaration',
  is_const: 'a `const` declaration',
  is_exported: 'an `export` declaration',
};

class Conversion {
  constructor(
    readonly from: AnyGrammar,
    readonly to: AnyGrammar,
    readonly source: string,
  ) {}

  refuse(path: string, node: string): never {
    throw new TreeError(
      this.source,
      `${path || '<root>'} is ${newNodes[node] ?? node} (${node}), which grammar ${this.to.name} does not have: the tree cannot be converted to it`,
    );
  }

  target(name: string): DescMessage {
    return this.to.registry.getMessage(`luau.${name}`)!;
  }

  message(from: DescMessage, message: Message, to: DescMessage, path: string): Message {
    if (from.name === 'ExprCall') return this.call(from, message, path);
    return this.fields(from, message, create(to), to, path);
  }

  /** 715's `ExprCall` is 735's `ParenCall`, which 735's `ExprCall` holds as `paren`. */
  call(from: DescMessage, message: Message, path: string): Message {
    if (this.to === grammar735) {
      const paren = this.target('ParenCall');
      const call = create(this.target('ExprCall')) as unknown as Fields;
      call['callOneof'] = {
        case: 'paren',
        value: this.fields(from, message, create(paren), paren, `${path}.paren`),
      };
      return call as unknown as Message;
    }
    const o = (message as unknown as Fields)['callOneof'] as { case?: string; value?: Message };
    if (o.case === 'parenless') this.refuse(`${path}.parenless`, 'ParenlessCall');
    if (o.case === undefined)
      throw new TreeError(
        this.source,
        `${path} is an ExprCall with neither paren nor parenless set, which has no grammar ${this.to.name} form`,
      );
    const paren = grammar735.registry.getMessage('luau.ParenCall')!;
    const call = this.target('ExprCall');
    return this.fields(paren, o.value!, create(call), call, path);
  }

  fields(
    from: DescMessage,
    message: Message,
    out: Message,
    to: DescMessage,
    path: string,
  ): Message {
    const src = message as unknown as Fields;
    const dst = out as unknown as Fields;
    for (const oneof of from.oneofs) {
      const o = src[oneof.localName] as { case?: string; value?: unknown };
      if (o.case === undefined) continue;
      const field = oneof.fields.find((f) => f.localName === o.case)!;
      const at = `${path}${path ? '.' : ''}${field.name}`;
      const mate = to.fields.find((f) => f.name === field.name);
      if (mate === undefined) this.refuse(at, field.message?.name ?? field.name);
      dst[mate.oneof!.localName] = {
        case: mate.localName,
        value: this.value(field, o.value, mate, at),
      };
    }
    for (const field of from.fields) {
      if (field.oneof !== undefined || !isFieldSet(message, field)) continue;
      const at = `${path}${path ? '.' : ''}${field.name}`;
      const mate = to.fields.find((f) => f.name === field.name);
      if (mate === undefined) {
        // `is_const: false` and `is_exported: false` say what grammar 715 says by having neither.
        if (src[field.localName] === false) continue;
        this.refuse(at, field.name);
      }
      dst[mate.localName] = this.value(field, src[field.localName], mate, at);
    }
    if (message.$unknown !== undefined) out.$unknown = [...message.$unknown];
    return out;
  }

  value(field: DescField, value: unknown, mate: DescField, path: string): unknown {
    switch (field.fieldKind) {
      case 'message':
        return this.message(field.message, value as Message, mate.message!, path);
      case 'list':
        if (field.listKind !== 'message') return [...(value as unknown[])];
        return (value as Message[]).map((m, i) =>
          this.message(field.message, m, mate.message!, `${path}[${i}]`),
        );
      case 'scalar':
      case 'enum':
        // The enums of both grammars have the same values.
        return value;
      case 'map':
        throw new Error(`map field ${field.name} in a syntax tree`);
    }
  }
}

/**
 * The same tree in another grammar. Up from 715 to 735 always works (a call becomes a
 * `ParenCall`); down from 735 to 715 works when the tree uses only what 715 has, and is
 * otherwise a {@link TreeError} that names the first new node and its path
 * (`program.body[2].call.expr.parenless is a paren-less call …`). Fields neither schema knows
 * are carried over as they are.
 *
 * @example
 * ```ts
 * const up = convertGrammar({ grammar: grammar715, tree }, grammar735, 'crash.binpb');
 * ```
 */
export function convertGrammar(tree: GrammarTree, to: AnyGrammar, source = '<input>'): GrammarTree {
  if (tree.grammar === to) return tree;
  const conversion = new Conversion(tree.grammar, to, source);
  const out = conversion.message(tree.grammar.moduleSet, tree.tree, to.moduleSet, '');
  return (
    to === grammar715 ? { grammar: grammar715, tree: out } : { grammar: grammar735, tree: out }
  ) as GrammarTree;
}
