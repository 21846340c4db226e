import type { DescMessage } from '@bufbuild/protobuf';
import fc from 'fast-check';
import * as pb from '../../gen/luau_pb.js';
import {
  ExprBinary_Op,
  ExprUnary_Op,
  StatCompoundAssign_Op,
  file_luau,
} from '../../gen/luau_pb.js';
import { nestedOfKind } from './descendants.js';
import { hoisting } from './hoisting.js';
import { caseOf, messageOf } from './message-builder.js';
import { identifierNameIndices } from './names.js';
import { casesOf, rawTypes } from './raw-grammar-types.js';
import type { ResolvedOptions } from './options.js';
import { codePointString } from './scalars.js';

/**
 * Raw (unresolved) arbitraries by message name (`Stat`, `Expr`, ...).
 *
 * @example
 * ```ts
 * const raw: RawArbitraries = rawGrammar(resolveOptions()); raw.Stat;
 * ```
 */
export type RawArbitraries = Record<string, fc.Arbitrary<unknown>>;

/** Characters a string literal needs escapes or a long bracket for, and some beside them. */
const escapedChar = fc.constantFrom(
  '\n',
  '\n',
  '\t',
  '\0',
  '\x01',
  '\x07',
  '\b',
  '\v',
  '\f',
  '\r',
  '\x1b',
  '\x7f',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\u{1f600}',
  'é',
  ']',
  '=',
  '"',
  '\\',
  '1',
  'a',
);

/** Characters of multi-line text, which the printer writes in long brackets (`[==[a]]\n]==]`). */
const longBracketChar = fc.constantFrom('\n', 'a', ' ', ']', '=', '[', '\t', 'é');

/**
 * The grammar of the `syntax` level and above, before scopes and frames are resolved: only
 * shapes that print to valid Luau (required lists non-empty, if-expressions with an else,
 * real attribute kinds, names that are identifiers), with the syntax families of the
 * profile. Locals are hints (`Local.name` 0..255) that the resolvers map to declared locals.
 * Every case list starts with its smallest case, recursion shares one depth identifier, and
 * statements, expressions and types shrink by hoisting, so failures shrink to small trees.
 *
 * @example
 * ```ts
 * const raw = rawGrammar(resolveOptions({ level: 'syntax' }));
 * fc.sample(raw.ModuleSet!, 1);
 * ```
 */
export function rawGrammar(options: ResolvedOptions): RawArbitraries {
  const f = options.features;
  const depthIdentifier = fc.createDepthIdentifier();
  const depth = { depthIdentifier, depthSize: options.depthSize, maxDepth: options.maxDepth };
  const choice = (...arbs: fc.MaybeWeightedArbitrary<unknown>[]): fc.Arbitrary<unknown> =>
    fc.oneof({ ...depth, withCrossShrink: true }, ...arbs);
  const list = (arb: fc.Arbitrary<unknown>, maxLength: number, minLength = 0) =>
    fc.array(arb, { minLength, maxLength, depthIdentifier });
  const none = fc.constant([]);
  const lowByte = fc.integer({ min: 0, max: 255 });
  const smallNumber = fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 10 }), weight: 4 },
    { arbitrary: fc.integer({ min: -1000, max: 100000 }), weight: 1 },
    { arbitrary: fc.integer({ min: -2147483648, max: 2147483647 }), weight: 1 },
  );
  const text = fc.oneof(
    { arbitrary: fc.string({ maxLength: 8 }), weight: 4 },
    { arbitrary: codePointString(6), weight: 1 },
    // Line breaks, control bytes and other code points, which the printer writes as long
    // brackets and every kind of escape the lexer reads.
    { arbitrary: fc.string({ unit: escapedChar, maxLength: 8 }), weight: 1 },
    { arbitrary: fc.string({ unit: longBracketChar, maxLength: 8 }), weight: 1 },
  );
  const types = f.typeAnnotations;

  const built = fc.letrec((tie) => {
    const t = (desc: DescMessage) => tie(desc.name);
    const feature = (on: boolean, name: string) => (on ? [name] : []);
    // The constants of expressions and of attribute literals, smallest first.
    const constants = casesOf(t, pb.ExprSchema, ['nil', 'bool', 'number', 'string']);
    const exprCases = [
      ...constants,
      ...casesOf(t, pb.ExprSchema, [
        ...['local', 'global', 'varargs', 'group', 'call', 'indexName', 'indexExpr'],
        ...['function', 'table', 'unary', 'binary'],
        ...feature(f.ifExpressions, 'ifelse'),
        ...feature(f.interpolatedStrings, 'interpstring'),
        ...feature(f.integerLiterals, 'integer'),
      ]),
    ];
    // `break` first: the smallest statement, the only one at the deepest level. Declarations,
    // calls and assignments are drawn more often: they give the later statements locals to use
    // and values to compute.
    const statWeights: Record<string, number> = { call: 2, local: 4, assign: 2 };
    const statNames = [
      ...['break', 'block', 'call', 'local', 'assign'],
      ...['if', 'while', 'repeat', 'for', 'forIn', 'return', 'function', 'localFunction'],
      ...feature(f.continue, 'continue'),
      ...feature(f.compoundAssignment, 'compoundAssign'),
      ...feature(f.typeAliases, 'typeAlias'),
      ...feature(f.typeFunctions, 'typeFunction'),
      ...feature(f.modules, 'requireIntoLocal'),
    ];
    const statCases = casesOf(t, pb.StatSchema, statNames).map((arbitrary, i) => {
      const weight = statWeights[statNames[i]!];
      return weight === undefined ? arbitrary : { arbitrary, weight };
    });

    // The rules most fields draw from.
    const expr = t(pb.ExprSchema);
    const block = t(pb.StatBlockSchema);
    const local = t(pb.LocalSchema);
    const lvalue = t(pb.LValueSchema);
    const func = t(pb.ExprFunctionSchema);
    const prefix = t(pb.ExprPrefixSchema);
    const name = t(pb.NameSchema);
    const type = t(pb.TypeSchema);

    const prefixCases = ['local', 'global', 'group', 'call', 'indexName', 'indexExpr'];
    const generics = f.generics ? list(t(pb.GenericTypeNameSchema), 2) : none;
    const genericPacks = f.generics ? list(t(pb.GenericTypeNameSchema), 1) : none;
    const attr = (a: fc.Arbitrary<unknown>) => (f.attributes ? list(a, 2) : none);
    const annotations = (n: number) => (types ? list(type, n) : none);

    const out: Record<string, fc.Arbitrary<unknown>> = {
      // Names and literals.
      Local: messageOf(pb.LocalSchema, { name: lowByte }),
      Name: messageOf(pb.NameSchema, {
        nameOneof: fc.oneof(
          caseOf('custom', lowByte),
          caseOf('builtin', fc.constantFrom(...identifierNameIndices())),
        ),
      }),
      ExprConstantNil: messageOf(pb.ExprConstantNilSchema, {}),
      ExprConstantBool: messageOf(pb.ExprConstantBoolSchema, { val: fc.boolean() }),
      ExprConstantNumber: messageOf(pb.ExprConstantNumberSchema, { val: smallNumber }),
      ExprConstantInteger: messageOf(pb.ExprConstantIntegerSchema, {
        val: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
      }),
      ExprConstantString: messageOf(pb.ExprConstantStringSchema, { val: text }),
      ExprVarargs: messageOf(pb.ExprVarargsSchema, {}),
      ExprLocal: messageOf(pb.ExprLocalSchema, { var: local }),
      ExprGlobal: messageOf(pb.ExprGlobalSchema, { name }),

      // Expressions.
      Expr: hoisting(messageOf(pb.ExprSchema, { exprOneof: choice(...exprCases) }), (e) =>
        nestedOfKind(pb.ExprSchema, e as never),
      ),
      ExprPrefix: messageOf(pb.ExprPrefixSchema, {
        exprOneof: choice(...casesOf(t, pb.ExprPrefixSchema, prefixCases)),
      }),
      ExprGroup: messageOf(pb.ExprGroupSchema, { expr }),
      ExprCall: messageOf(pb.ExprCallSchema, {
        func: prefix,
        self: fc.boolean(),
        args: list(expr, 3),
      }),
      ExprIndexName: messageOf(pb.ExprIndexNameSchema, { expr: prefix, index: name }),
      ExprIndexExpr: messageOf(pb.ExprIndexExprSchema, { expr: prefix, index: expr }),
      ExprFunction: messageOf(pb.ExprFunctionSchema, {
        generics,
        genericpacks: genericPacks,
        args: list(local, 3),
        vararg: fc.boolean(),
        body: block,
        types: annotations(3),
        rettypes: annotations(2),
        attributes: attr(t(pb.ExprAttrSchema)),
      }),
      TableItem: messageOf(pb.TableItemSchema, {
        itemOneof: fc.oneof(
          fc.constant(undefined),
          caseOf('keyName', name),
          caseOf('keyExpr', expr),
        ),
        value: expr,
      }),
      ExprTable: messageOf(pb.ExprTableSchema, { items: list(t(pb.TableItemSchema), 4) }),
      ExprUnary: messageOf(pb.ExprUnarySchema, {
        op: fc.constantFrom(ExprUnary_Op.Not, ExprUnary_Op.Minus, ExprUnary_Op.Len),
        expr,
      }),
      ExprBinary: messageOf(pb.ExprBinarySchema, {
        op: fc.integer({ min: ExprBinary_Op.Add, max: ExprBinary_Op.Or }),
        left: expr,
        right: expr,
      }),
      ExprIfElse: messageOf(pb.ExprIfElseSchema, {
        cond: expr,
        then: expr,
        elseOneof: choice(caseOf('else', expr), caseOf('elseif', t(pb.ExprIfElseSchema))),
      }),
      ExprInterpString: messageOf(pb.ExprInterpStringSchema, { parts: list(expr, 4) }),
      LValue: messageOf(pb.LValueSchema, {
        lvalueOneof: choice(
          ...casesOf(t, pb.LValueSchema, ['local', 'global', 'indexName', 'indexExpr']),
        ),
      }),

      // Statements.
      Stat: hoisting(messageOf(pb.StatSchema, { statOneof: choice(...statCases) }), (s) =>
        nestedOfKind(pb.StatSchema, s as never),
      ),
      StatBlock: messageOf(pb.StatBlockSchema, {
        body: list(t(pb.StatSchema), options.maxStatements),
      }),
      StatIf: messageOf(pb.StatIfSchema, {
        cond: expr,
        then: block,
        elseOneof: choice(
          fc.constant(undefined),
          caseOf('else', block),
          caseOf('elseif', t(pb.StatIfSchema)),
        ),
      }),
      StatWhile: messageOf(pb.StatWhileSchema, { cond: expr, body: block }),
      StatRepeat: messageOf(pb.StatRepeatSchema, { body: block, cond: expr }),
      StatBreak: messageOf(pb.StatBreakSchema, {}),
      StatContinue: messageOf(pb.StatContinueSchema, {}),
      StatReturn: messageOf(pb.StatReturnSchema, { list: list(expr, 2) }),
      StatCall: messageOf(pb.StatCallSchema, { expr: t(pb.ExprCallSchema) }),
      StatLocal: messageOf(pb.StatLocalSchema, {
        vars: list(local, 3, 1),
        values: list(expr, 3, 1),
        types: annotations(2),
      }),
      StatFor: messageOf(pb.StatForSchema, {
        var: local,
        from: expr,
        to: expr,
        step: fc.option(expr, { nil: undefined, ...depth }),
        body: block,
      }),
      StatForIn: messageOf(pb.StatForInSchema, {
        vars: list(local, 2, 1),
        values: list(expr, 2, 1),
        body: block,
      }),
      StatAssign: messageOf(pb.StatAssignSchema, {
        vars: list(lvalue, 2, 1),
        values: list(expr, 2, 1),
      }),
      StatCompoundAssign: messageOf(pb.StatCompoundAssignSchema, {
        op: fc.integer({ min: StatCompoundAssign_Op.Add, max: StatCompoundAssign_Op.Concat }),
        var: lvalue,
        value: expr,
      }),
      StatFunction: messageOf(pb.StatFunctionSchema, { var: lvalue, func, self: fc.boolean() }),
      StatLocalFunction: messageOf(pb.StatLocalFunctionSchema, { var: local, func }),
      StatTypeAlias: messageOf(pb.StatTypeAliasSchema, {
        export: fc.boolean(),
        name: t(pb.RegularTypeNameSchema),
        type,
        generics,
        genericpacks: genericPacks,
      }),
      StatTypeFunction: messageOf(pb.StatTypeFunctionSchema, {
        export: fc.boolean(),
        name: t(pb.RegularTypeNameSchema),
        func,
      }),
      StatRequireIntoLocalHelper: messageOf(pb.StatRequireIntoLocalHelperSchema, {
        var: local,
        modulenum: fc.constant(0),
      }),
      ModuleSet: messageOf(pb.ModuleSetSchema, {
        module: f.modules ? fc.option(block, { nil: undefined, freq: 3 }) : fc.constant(undefined),
        program: block,
      }),

      ...rawTypes({
        t,
        choice,
        list,
        none,
        lowByte,
        text,
        constants,
        depth,
        generics,
        genericPacks,
        features: f,
      }),
    };
    return out;
  });
  for (const desc of file_luau.messages) {
    if (built[desc.name] === undefined) throw new Error(`raw grammar lacks ${desc.name}`);
  }
  return built;
}
