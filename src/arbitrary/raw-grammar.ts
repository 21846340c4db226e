import type { DescMessage } from '@bufbuild/protobuf';
import fc from 'fast-check';
import {
  ExprAttrSchema,
  ExprBinarySchema,
  ExprBinary_Op,
  ExprCallSchema,
  ExprConstantBoolSchema,
  ExprConstantIntegerSchema,
  ExprConstantNilSchema,
  ExprConstantNumberSchema,
  ExprConstantStringSchema,
  ExprFunctionSchema,
  ExprGlobalSchema,
  ExprGroupSchema,
  ExprIfElseSchema,
  ExprIndexExprSchema,
  ExprIndexNameSchema,
  ExprInterpStringSchema,
  ExprLocalSchema,
  ExprPrefixSchema,
  ExprSchema,
  ExprTableSchema,
  ExprUnarySchema,
  ExprUnary_Op,
  ExprVarargsSchema,
  GenericTypeNameSchema,
  LValueSchema,
  LocalSchema,
  ModuleSetSchema,
  NameSchema,
  RegularTypeNameSchema,
  StatAssignSchema,
  StatBlockSchema,
  StatBreakSchema,
  StatCallSchema,
  StatCompoundAssignSchema,
  StatCompoundAssign_Op,
  StatContinueSchema,
  StatForInSchema,
  StatForSchema,
  StatFunctionSchema,
  StatIfSchema,
  StatLocalFunctionSchema,
  StatLocalSchema,
  StatRepeatSchema,
  StatRequireIntoLocalHelperSchema,
  StatReturnSchema,
  StatSchema,
  StatTypeAliasSchema,
  StatTypeFunctionSchema,
  StatWhileSchema,
  TableItemSchema,
  TypeSchema,
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
      caseOf('nil', t(ExprConstantNilSchema)),
      caseOf('bool', t(ExprConstantBoolSchema)),
      caseOf('number', t(ExprConstantNumberSchema)),
      caseOf('string', t(ExprConstantStringSchema)),
    ];
    const exprCases: fc.Arbitrary<unknown>[] = [
      ...constants,
      caseOf('local', t(ExprLocalSchema)),
      caseOf('global', t(ExprGlobalSchema)),
      caseOf('varargs', t(ExprVarargsSchema)),
      caseOf('group', t(ExprGroupSchema)),
      caseOf('call', t(ExprCallSchema)),
      caseOf('indexName', t(ExprIndexNameSchema)),
      caseOf('indexExpr', t(ExprIndexExprSchema)),
      caseOf('function', t(ExprFunctionSchema)),
      caseOf('table', t(ExprTableSchema)),
      caseOf('unary', t(ExprUnarySchema)),
      caseOf('binary', t(ExprBinarySchema)),
    ];
    if (f.ifExpressions) exprCases.push(caseOf('ifelse', t(ExprIfElseSchema)));
    if (f.interpolatedStrings) exprCases.push(caseOf('interpstring', t(ExprInterpStringSchema)));
    if (f.integerLiterals) exprCases.push(caseOf('integer', t(ExprConstantIntegerSchema)));

    // `break` first: the smallest statement, the only one at the deepest level.
    const statCases: fc.MaybeWeightedArbitrary<unknown>[] = [
      caseOf('break', t(StatBreakSchema)),
      caseOf('block', t(StatBlockSchema)),
      // Declarations, calls and assignments are drawn more often: they give the later
      // statements locals to use and values to compute.
      { arbitrary: caseOf('call', t(StatCallSchema)), weight: 2 },
      { arbitrary: caseOf('local', t(StatLocalSchema)), weight: 4 },
      { arbitrary: caseOf('assign', t(StatAssignSchema)), weight: 2 },
      caseOf('if', t(StatIfSchema)),
      caseOf('while', t(StatWhileSchema)),
      caseOf('repeat', t(StatRepeatSchema)),
      caseOf('for', t(StatForSchema)),
      caseOf('forIn', t(StatForInSchema)),
      caseOf('return', t(StatReturnSchema)),
      caseOf('function', t(StatFunctionSchema)),
      caseOf('localFunction', t(StatLocalFunctionSchema)),
    ];
    if (f.continue) statCases.push(caseOf('continue', t(StatContinueSchema)));
    if (f.compoundAssignment) statCases.push(caseOf('compoundAssign', t(StatCompoundAssignSchema)));
    if (f.typeAliases) statCases.push(caseOf('typeAlias', t(StatTypeAliasSchema)));
    if (f.typeFunctions) statCases.push(caseOf('typeFunction', t(StatTypeFunctionSchema)));
    if (f.modules) statCases.push(caseOf('requireIntoLocal', t(StatRequireIntoLocalHelperSchema)));

    const generics = f.generics ? list(t(GenericTypeNameSchema), 2) : none;
    const genericPacks = f.generics ? list(t(GenericTypeNameSchema), 1) : none;
    const attr = (a: fc.Arbitrary<unknown>) => (f.attributes ? list(a, 2) : none);
    const annotations = (n: number) => (types ? list(t(TypeSchema), n) : none);

    const out: Record<string, fc.Arbitrary<unknown>> = {
      // Names and literals.
      Local: messageOf(LocalSchema, { name: lowByte }),
      Name: messageOf(NameSchema, {
        nameOneof: fc.oneof(
          caseOf('custom', lowByte),
          caseOf('builtin', fc.constantFrom(...identifierNameIndices())),
        ),
      }),
      ExprConstantNil: messageOf(ExprConstantNilSchema, {}),
      ExprConstantBool: messageOf(ExprConstantBoolSchema, { val: fc.boolean() }),
      ExprConstantNumber: messageOf(ExprConstantNumberSchema, { val: smallNumber }),
      ExprConstantInteger: messageOf(ExprConstantIntegerSchema, {
        val: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
      }),
      ExprConstantString: messageOf(ExprConstantStringSchema, { val: text }),
      ExprVarargs: messageOf(ExprVarargsSchema, {}),
      ExprLocal: messageOf(ExprLocalSchema, { var: t(LocalSchema) }),
      ExprGlobal: messageOf(ExprGlobalSchema, { name: t(NameSchema) }),

      // Expressions.
      Expr: hoisting(messageOf(ExprSchema, { exprOneof: choice(...exprCases) }), (e) =>
        nestedOfKind(ExprSchema, e as never),
      ),
      ExprPrefix: messageOf(ExprPrefixSchema, {
        exprOneof: choice(
          caseOf('local', t(ExprLocalSchema)),
          caseOf('global', t(ExprGlobalSchema)),
          caseOf('group', t(ExprGroupSchema)),
          caseOf('call', t(ExprCallSchema)),
          caseOf('indexName', t(ExprIndexNameSchema)),
          caseOf('indexExpr', t(ExprIndexExprSchema)),
        ),
      }),
      ExprGroup: messageOf(ExprGroupSchema, { expr: t(ExprSchema) }),
      ExprCall: messageOf(ExprCallSchema, {
        func: t(ExprPrefixSchema),
        self: fc.boolean(),
        args: list(t(ExprSchema), 3),
      }),
      ExprIndexName: messageOf(ExprIndexNameSchema, {
        expr: t(ExprPrefixSchema),
        index: t(NameSchema),
      }),
      ExprIndexExpr: messageOf(ExprIndexExprSchema, {
        expr: t(ExprPrefixSchema),
        index: t(ExprSchema),
      }),
      ExprFunction: messageOf(ExprFunctionSchema, {
        generics,
        genericpacks: genericPacks,
        args: list(t(LocalSchema), 3),
        vararg: fc.boolean(),
        body: t(StatBlockSchema),
        types: annotations(3),
        rettypes: annotations(2),
        attributes: attr(t(ExprAttrSchema)),
      }),
      TableItem: messageOf(TableItemSchema, {
        itemOneof: fc.oneof(
          fc.constant(undefined),
          caseOf('keyName', t(NameSchema)),
          caseOf('keyExpr', t(ExprSchema)),
        ),
        value: t(ExprSchema),
      }),
      ExprTable: messageOf(ExprTableSchema, { items: list(t(TableItemSchema), 4) }),
      ExprUnary: messageOf(ExprUnarySchema, {
        op: fc.constantFrom(ExprUnary_Op.Not, ExprUnary_Op.Minus, ExprUnary_Op.Len),
        expr: t(ExprSchema),
      }),
      ExprBinary: messageOf(ExprBinarySchema, {
        op: fc.integer({ min: ExprBinary_Op.Add, max: ExprBinary_Op.Or }),
        left: t(ExprSchema),
        right: t(ExprSchema),
      }),
      ExprIfElse: messageOf(ExprIfElseSchema, {
        cond: t(ExprSchema),
        then: t(ExprSchema),
        elseOneof: choice(caseOf('else', t(ExprSchema)), caseOf('elseif', t(ExprIfElseSchema))),
      }),
      ExprInterpString: messageOf(ExprInterpStringSchema, { parts: list(t(ExprSchema), 4) }),
      LValue: messageOf(LValueSchema, {
        lvalueOneof: choice(
          caseOf('local', t(ExprLocalSchema)),
          caseOf('global', t(ExprGlobalSchema)),
          caseOf('indexName', t(ExprIndexNameSchema)),
          caseOf('indexExpr', t(ExprIndexExprSchema)),
        ),
      }),

      // Statements.
      Stat: hoisting(messageOf(StatSchema, { statOneof: choice(...statCases) }), (s) =>
        nestedOfKind(StatSchema, s as never),
      ),
      StatBlock: messageOf(StatBlockSchema, {
        body: list(t(StatSchema), options.maxStatements),
      }),
      StatIf: messageOf(StatIfSchema, {
        cond: t(ExprSchema),
        then: t(StatBlockSchema),
        elseOneof: choice(
          fc.constant(undefined),
          caseOf('else', t(StatBlockSchema)),
          caseOf('elseif', t(StatIfSchema)),
        ),
      }),
      StatWhile: messageOf(StatWhileSchema, { cond: t(ExprSchema), body: t(StatBlockSchema) }),
      StatRepeat: messageOf(StatRepeatSchema, { body: t(StatBlockSchema), cond: t(ExprSchema) }),
      StatBreak: messageOf(StatBreakSchema, {}),
      StatContinue: messageOf(StatContinueSchema, {}),
      StatReturn: messageOf(StatReturnSchema, { list: list(t(ExprSchema), 2) }),
      StatCall: messageOf(StatCallSchema, { expr: t(ExprCallSchema) }),
      StatLocal: messageOf(StatLocalSchema, {
        vars: list(t(LocalSchema), 3, 1),
        values: list(t(ExprSchema), 3, 1),
        types: annotations(2),
      }),
      StatFor: messageOf(StatForSchema, {
        var: t(LocalSchema),
        from: t(ExprSchema),
        to: t(ExprSchema),
        step: fc.option(t(ExprSchema), { nil: undefined, ...depth }),
        body: t(StatBlockSchema),
      }),
      StatForIn: messageOf(StatForInSchema, {
        vars: list(t(LocalSchema), 2, 1),
        values: list(t(ExprSchema), 2, 1),
        body: t(StatBlockSchema),
      }),
      StatAssign: messageOf(StatAssignSchema, {
        vars: list(t(LValueSchema), 2, 1),
        values: list(t(ExprSchema), 2, 1),
      }),
      StatCompoundAssign: messageOf(StatCompoundAssignSchema, {
        op: fc.integer({ min: StatCompoundAssign_Op.Add, max: StatCompoundAssign_Op.Concat }),
        var: t(LValueSchema),
        value: t(ExprSchema),
      }),
      StatFunction: messageOf(StatFunctionSchema, {
        var: t(LValueSchema),
        func: t(ExprFunctionSchema),
        self: fc.boolean(),
      }),
      StatLocalFunction: messageOf(StatLocalFunctionSchema, {
        var: t(LocalSchema),
        func: t(ExprFunctionSchema),
      }),
      StatTypeAlias: messageOf(StatTypeAliasSchema, {
        export: fc.boolean(),
        name: t(RegularTypeNameSchema),
        type: t(TypeSchema),
        generics,
        genericpacks: genericPacks,
      }),
      StatTypeFunction: messageOf(StatTypeFunctionSchema, {
        export: fc.boolean(),
        name: t(RegularTypeNameSchema),
        func: t(ExprFunctionSchema),
      }),
      StatRequireIntoLocalHelper: messageOf(StatRequireIntoLocalHelperSchema, {
        var: t(LocalSchema),
        modulenum: fc.constant(0),
      }),
      ModuleSet: messageOf(ModuleSetSchema, {
        module: f.modules
          ? fc.option(t(StatBlockSchema), { nil: undefined, freq: 3 })
          : fc.constant(undefined),
        program: t(StatBlockSchema),
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
