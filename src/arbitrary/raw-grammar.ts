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
import { rawTypes } from './raw-grammar-types.js';
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
    // The constants of expressions and of attribute literals, smallest first.
    const constants = [
      caseOf('nil', t(pb.ExprConstantNilSchema)),
      caseOf('bool', t(pb.ExprConstantBoolSchema)),
      caseOf('number', t(pb.ExprConstantNumberSchema)),
      caseOf('string', t(pb.ExprConstantStringSchema)),
    ];
    const exprCases: fc.Arbitrary<unknown>[] = [
      ...constants,
      caseOf('local', t(pb.ExprLocalSchema)),
      caseOf('global', t(pb.ExprGlobalSchema)),
      caseOf('varargs', t(pb.ExprVarargsSchema)),
      caseOf('group', t(pb.ExprGroupSchema)),
      caseOf('call', t(pb.ExprCallSchema)),
      caseOf('indexName', t(pb.ExprIndexNameSchema)),
      caseOf('indexExpr', t(pb.ExprIndexExprSchema)),
      caseOf('function', t(pb.ExprFunctionSchema)),
      caseOf('table', t(pb.ExprTableSchema)),
      caseOf('unary', t(pb.ExprUnarySchema)),
      caseOf('binary', t(pb.ExprBinarySchema)),
    ];
    if (f.ifExpressions) exprCases.push(caseOf('ifelse', t(pb.ExprIfElseSchema)));
    if (f.interpolatedStrings) exprCases.push(caseOf('interpstring', t(pb.ExprInterpStringSchema)));
    if (f.integerLiterals) exprCases.push(caseOf('integer', t(pb.ExprConstantIntegerSchema)));

    // `break` first: the smallest statement, the only one at the deepest level.
    const statCases: fc.MaybeWeightedArbitrary<unknown>[] = [
      caseOf('break', t(pb.StatBreakSchema)),
      caseOf('block', t(pb.StatBlockSchema)),
      // Declarations, calls and assignments are drawn more often: they give the later
      // statements locals to use and values to compute.
      { arbitrary: caseOf('call', t(pb.StatCallSchema)), weight: 2 },
      { arbitrary: caseOf('local', t(pb.StatLocalSchema)), weight: 4 },
      { arbitrary: caseOf('assign', t(pb.StatAssignSchema)), weight: 2 },
      caseOf('if', t(pb.StatIfSchema)),
      caseOf('while', t(pb.StatWhileSchema)),
      caseOf('repeat', t(pb.StatRepeatSchema)),
      caseOf('for', t(pb.StatForSchema)),
      caseOf('forIn', t(pb.StatForInSchema)),
      caseOf('return', t(pb.StatReturnSchema)),
      caseOf('function', t(pb.StatFunctionSchema)),
      caseOf('localFunction', t(pb.StatLocalFunctionSchema)),
    ];
    if (f.continue) statCases.push(caseOf('continue', t(pb.StatContinueSchema)));
    if (f.compoundAssignment)
      statCases.push(caseOf('compoundAssign', t(pb.StatCompoundAssignSchema)));
    if (f.typeAliases) statCases.push(caseOf('typeAlias', t(pb.StatTypeAliasSchema)));
    if (f.typeFunctions) statCases.push(caseOf('typeFunction', t(pb.StatTypeFunctionSchema)));
    if (f.modules)
      statCases.push(caseOf('requireIntoLocal', t(pb.StatRequireIntoLocalHelperSchema)));

    const generics = f.generics ? list(t(pb.GenericTypeNameSchema), 2) : none;
    const genericPacks = f.generics ? list(t(pb.GenericTypeNameSchema), 1) : none;
    const attr = (a: fc.Arbitrary<unknown>) => (f.attributes ? list(a, 2) : none);
    const annotations = (n: number) => (types ? list(t(pb.TypeSchema), n) : none);

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
      ExprLocal: messageOf(pb.ExprLocalSchema, { var: t(pb.LocalSchema) }),
      ExprGlobal: messageOf(pb.ExprGlobalSchema, { name: t(pb.NameSchema) }),

      // Expressions.
      Expr: hoisting(messageOf(pb.ExprSchema, { exprOneof: choice(...exprCases) }), (e) =>
        nestedOfKind(pb.ExprSchema, e as never),
      ),
      ExprPrefix: messageOf(pb.ExprPrefixSchema, {
        exprOneof: choice(
          caseOf('local', t(pb.ExprLocalSchema)),
          caseOf('global', t(pb.ExprGlobalSchema)),
          caseOf('group', t(pb.ExprGroupSchema)),
          caseOf('call', t(pb.ExprCallSchema)),
          caseOf('indexName', t(pb.ExprIndexNameSchema)),
          caseOf('indexExpr', t(pb.ExprIndexExprSchema)),
        ),
      }),
      ExprGroup: messageOf(pb.ExprGroupSchema, { expr: t(pb.ExprSchema) }),
      ExprCall: messageOf(pb.ExprCallSchema, {
        func: t(pb.ExprPrefixSchema),
        self: fc.boolean(),
        args: list(t(pb.ExprSchema), 3),
      }),
      ExprIndexName: messageOf(pb.ExprIndexNameSchema, {
        expr: t(pb.ExprPrefixSchema),
        index: t(pb.NameSchema),
      }),
      ExprIndexExpr: messageOf(pb.ExprIndexExprSchema, {
        expr: t(pb.ExprPrefixSchema),
        index: t(pb.ExprSchema),
      }),
      ExprFunction: messageOf(pb.ExprFunctionSchema, {
        generics,
        genericpacks: genericPacks,
        args: list(t(pb.LocalSchema), 3),
        vararg: fc.boolean(),
        body: t(pb.StatBlockSchema),
        types: annotations(3),
        rettypes: annotations(2),
        attributes: attr(t(pb.ExprAttrSchema)),
      }),
      TableItem: messageOf(pb.TableItemSchema, {
        itemOneof: fc.oneof(
          fc.constant(undefined),
          caseOf('keyName', t(pb.NameSchema)),
          caseOf('keyExpr', t(pb.ExprSchema)),
        ),
        value: t(pb.ExprSchema),
      }),
      ExprTable: messageOf(pb.ExprTableSchema, { items: list(t(pb.TableItemSchema), 4) }),
      ExprUnary: messageOf(pb.ExprUnarySchema, {
        op: fc.constantFrom(ExprUnary_Op.Not, ExprUnary_Op.Minus, ExprUnary_Op.Len),
        expr: t(pb.ExprSchema),
      }),
      ExprBinary: messageOf(pb.ExprBinarySchema, {
        op: fc.integer({ min: ExprBinary_Op.Add, max: ExprBinary_Op.Or }),
        left: t(pb.ExprSchema),
        right: t(pb.ExprSchema),
      }),
      ExprIfElse: messageOf(pb.ExprIfElseSchema, {
        cond: t(pb.ExprSchema),
        then: t(pb.ExprSchema),
        elseOneof: choice(
          caseOf('else', t(pb.ExprSchema)),
          caseOf('elseif', t(pb.ExprIfElseSchema)),
        ),
      }),
      ExprInterpString: messageOf(pb.ExprInterpStringSchema, { parts: list(t(pb.ExprSchema), 4) }),
      LValue: messageOf(pb.LValueSchema, {
        lvalueOneof: choice(
          caseOf('local', t(pb.ExprLocalSchema)),
          caseOf('global', t(pb.ExprGlobalSchema)),
          caseOf('indexName', t(pb.ExprIndexNameSchema)),
          caseOf('indexExpr', t(pb.ExprIndexExprSchema)),
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
        cond: t(pb.ExprSchema),
        then: t(pb.StatBlockSchema),
        elseOneof: choice(
          fc.constant(undefined),
          caseOf('else', t(pb.StatBlockSchema)),
          caseOf('elseif', t(pb.StatIfSchema)),
        ),
      }),
      StatWhile: messageOf(pb.StatWhileSchema, {
        cond: t(pb.ExprSchema),
        body: t(pb.StatBlockSchema),
      }),
      StatRepeat: messageOf(pb.StatRepeatSchema, {
        body: t(pb.StatBlockSchema),
        cond: t(pb.ExprSchema),
      }),
      StatBreak: messageOf(pb.StatBreakSchema, {}),
      StatContinue: messageOf(pb.StatContinueSchema, {}),
      StatReturn: messageOf(pb.StatReturnSchema, { list: list(t(pb.ExprSchema), 2) }),
      StatCall: messageOf(pb.StatCallSchema, { expr: t(pb.ExprCallSchema) }),
      StatLocal: messageOf(pb.StatLocalSchema, {
        vars: list(t(pb.LocalSchema), 3, 1),
        values: list(t(pb.ExprSchema), 3, 1),
        types: annotations(2),
      }),
      StatFor: messageOf(pb.StatForSchema, {
        var: t(pb.LocalSchema),
        from: t(pb.ExprSchema),
        to: t(pb.ExprSchema),
        step: fc.option(t(pb.ExprSchema), { nil: undefined, ...depth }),
        body: t(pb.StatBlockSchema),
      }),
      StatForIn: messageOf(pb.StatForInSchema, {
        vars: list(t(pb.LocalSchema), 2, 1),
        values: list(t(pb.ExprSchema), 2, 1),
        body: t(pb.StatBlockSchema),
      }),
      StatAssign: messageOf(pb.StatAssignSchema, {
        vars: list(t(pb.LValueSchema), 2, 1),
        values: list(t(pb.ExprSchema), 2, 1),
      }),
      StatCompoundAssign: messageOf(pb.StatCompoundAssignSchema, {
        op: fc.integer({ min: StatCompoundAssign_Op.Add, max: StatCompoundAssign_Op.Concat }),
        var: t(pb.LValueSchema),
        value: t(pb.ExprSchema),
      }),
      StatFunction: messageOf(pb.StatFunctionSchema, {
        var: t(pb.LValueSchema),
        func: t(pb.ExprFunctionSchema),
        self: fc.boolean(),
      }),
      StatLocalFunction: messageOf(pb.StatLocalFunctionSchema, {
        var: t(pb.LocalSchema),
        func: t(pb.ExprFunctionSchema),
      }),
      StatTypeAlias: messageOf(pb.StatTypeAliasSchema, {
        export: fc.boolean(),
        name: t(pb.RegularTypeNameSchema),
        type: t(pb.TypeSchema),
        generics,
        genericpacks: genericPacks,
      }),
      StatTypeFunction: messageOf(pb.StatTypeFunctionSchema, {
        export: fc.boolean(),
        name: t(pb.RegularTypeNameSchema),
        func: t(pb.ExprFunctionSchema),
      }),
      StatRequireIntoLocalHelper: messageOf(pb.StatRequireIntoLocalHelperSchema, {
        var: t(pb.LocalSchema),
        modulenum: fc.constant(0),
      }),
      ModuleSet: messageOf(pb.ModuleSetSchema, {
        module: f.modules
          ? fc.option(t(pb.StatBlockSchema), { nil: undefined, freq: 3 })
          : fc.constant(undefined),
        program: t(pb.StatBlockSchema),
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
