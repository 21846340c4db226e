import type { DescMessage } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { ExprBinary_Op, ExprUnary_Op, StatCompoundAssign_Op } from '../../gen/luau_pb.js';
import { grammarOf } from './grammar-of.js';
import { nestedOfKind } from './descendants.js';
import { hoisting } from './hoisting.js';
import { caseOf, messageOf } from './message-builder.js';
import { identifierNameIndices } from './names.js';
import { casesOf, rawTypes, type RawParts } from './raw-grammar-types.js';
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
  const grammar = grammarOf(options);
  const d = (name: string): DescMessage => {
    const desc = grammar.registry.getMessage(`luau.${name}`);
    if (desc === undefined) throw new Error(`grammar ${grammar.name} has no message ${name}`);
    return desc;
  };
  // What only grammar 735 has: classes, builtin references, paren-less calls, const and export.
  const g735 = grammar.classes;
  const leaves = rawLeaves(options);
  const { list, none } = leaves;

  const built = fc.letrec((tie) => {
    const t = (desc: DescMessage) => tie(desc.name);
    const p: RawParts = {
      ...leaves,
      d,
      t,
      // The constants of expressions and of attribute literals, smallest first.
      constants: casesOf(t, d('Expr'), ['nil', 'bool', 'number', 'string']),
      generics: f.generics ? list(t(d('GenericTypeName')), 2) : none,
      genericPacks: f.generics ? list(t(d('GenericTypeName')), 1) : none,
      features: f,
    };
    const rules = { p, g735, options };
    const { choice, expr, local, name, type, func } = rawRuleRefs(p);
    return {
      ...rawLiterals(rules),
      ...rawExpressions(rules),
      ...rawControlFlow(rules),
      ...rawDeclarations(rules),
      ...(g735 ? rawAdded735(d, t, { choice, list, expr, local, name, type, func }) : {}),
      ...rawTypes(p),
    };
  });
  for (const desc of grammar.file.messages) {
    if (built[desc.name] === undefined) throw new Error(`raw grammar lacks ${desc.name}`);
  }
  return built;
}

/** The grammar's depth, its combinators, and the leaves every area draws from. */
function rawLeaves(options: ResolvedOptions) {
  const depthIdentifier = fc.createDepthIdentifier();
  const depth = { depthIdentifier, depthSize: options.depthSize, maxDepth: options.maxDepth };
  const choice = (...arbs: fc.MaybeWeightedArbitrary<unknown>[]): fc.Arbitrary<unknown> =>
    fc.oneof({ ...depth, withCrossShrink: true }, ...arbs);
  const list = (arb: fc.Arbitrary<unknown>, maxLength: number, minLength = 0) =>
    fc.array(arb, { minLength, maxLength, depthIdentifier });
  const none = fc.constant([]);
  const lowByte = fc.integer({ min: 0, max: 255 });
  const text = fc.oneof(
    { arbitrary: fc.string({ maxLength: 8 }), weight: 4 },
    { arbitrary: codePointString(6), weight: 1 },
    // Line breaks, control bytes and other code points, which the printer writes as long
    // brackets and every kind of escape the lexer reads.
    { arbitrary: fc.string({ unit: escapedChar, maxLength: 8 }), weight: 1 },
    { arbitrary: fc.string({ unit: longBracketChar, maxLength: 8 }), weight: 1 },
  );
  return { depth, choice, list, none, lowByte, text };
}

/** What the expression and statement rules are built from. */
interface RawRules {
  p: RawParts;
  /** Whether the grammar is 735's (classes, builtin references, const and export). */
  g735: boolean;
  options: ResolvedOptions;
}

/** The rules most fields draw from. */
function rawRuleRefs(p: RawParts) {
  const { d, t } = p;
  return {
    choice: p.choice,
    expr: t(d('Expr')),
    block: t(d('StatBlock')),
    local: t(d('Local')),
    lvalue: t(d('LValue')),
    func: t(d('ExprFunction')),
    prefix: t(d('ExprPrefix')),
    name: t(d('Name')),
    type: t(d('Type')),
  };
}

const feature = (on: boolean, name: string) => (on ? [name] : []);

/** The rules of names and literals. */
function rawLiterals({ p }: RawRules): RawArbitraries {
  const { d, lowByte, text } = p;
  const { local, name } = rawRuleRefs(p);
  const smallNumber = fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 10 }), weight: 4 },
    { arbitrary: fc.integer({ min: -1000, max: 100000 }), weight: 1 },
    { arbitrary: fc.integer({ min: -2147483648, max: 2147483647 }), weight: 1 },
  );
  return {
    Local: messageOf(d('Local'), { name: lowByte }),
    Name: messageOf(d('Name'), {
      nameOneof: fc.oneof(
        caseOf('custom', lowByte),
        caseOf('builtin', fc.constantFrom(...identifierNameIndices())),
      ),
    }),
    ExprConstantNil: messageOf(d('ExprConstantNil'), {}),
    ExprConstantBool: messageOf(d('ExprConstantBool'), { val: fc.boolean() }),
    ExprConstantNumber: messageOf(d('ExprConstantNumber'), { val: smallNumber }),
    ExprConstantInteger: messageOf(d('ExprConstantInteger'), {
      val: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    }),
    ExprConstantString: messageOf(d('ExprConstantString'), { val: text }),
    ExprVarargs: messageOf(d('ExprVarargs'), {}),
    ExprLocal: messageOf(d('ExprLocal'), { var: local }),
    ExprGlobal: messageOf(d('ExprGlobal'), { name }),
  };
}

/** The cases of `Expr` and of `ExprPrefix` the grammar and its features allow. */
function expressionCases({ p, g735 }: RawRules) {
  const { d, t } = p;
  const f = p.features;
  const exprCases = [
    ...p.constants,
    ...casesOf(t, d('Expr'), [
      ...['local', 'global', 'varargs', 'group', 'call', 'indexName', 'indexExpr'],
      ...['function', 'table', 'unary', 'binary'],
      ...feature(f.ifExpressions, 'ifelse'),
      ...feature(f.interpolatedStrings, 'interpstring'),
      ...feature(f.integerLiterals, 'integer'),
      ...feature(g735, 'builtinRef'),
      ...feature(g735, 'classinst'),
    ]),
  ];
  const prefixCases = [
    ...['local', 'global', 'group', 'call', 'indexName', 'indexExpr'],
    ...feature(g735, 'builtinRef'),
    ...feature(g735, 'classinst'),
  ];
  return { exprCases, prefixCases };
}

/** The rules of expressions. */
function rawExpressions(rules: RawRules): RawArbitraries {
  const { p } = rules;
  const { d, t, choice, list, none, generics, genericPacks } = p;
  const f = p.features;
  const { expr, block, local, prefix, name, type } = rawRuleRefs(p);
  const { exprCases, prefixCases } = expressionCases(rules);
  const attr = (a: fc.Arbitrary<unknown>) => (f.attributes ? list(a, 2) : none);
  const annotations = (n: number) => (f.typeAnnotations ? list(type, n) : none);
  return {
    Expr: hoisting(messageOf(d('Expr'), { exprOneof: choice(...exprCases) }), (e) =>
      nestedOfKind(d('Expr'), e as never),
    ),
    ExprPrefix: messageOf(d('ExprPrefix'), {
      exprOneof: choice(...casesOf(t, d('ExprPrefix'), prefixCases)),
    }),
    ExprGroup: messageOf(d('ExprGroup'), { expr }),
    ExprCall: messageOf(d('ExprCall'), {
      func: prefix,
      self: fc.boolean(),
      args: list(expr, 3),
    }),
    ExprIndexName: messageOf(d('ExprIndexName'), { expr: prefix, index: name }),
    ExprIndexExpr: messageOf(d('ExprIndexExpr'), { expr: prefix, index: expr }),
    ExprFunction: messageOf(d('ExprFunction'), {
      generics,
      genericpacks: genericPacks,
      args: list(local, 3),
      vararg: fc.boolean(),
      body: block,
      types: annotations(3),
      rettypes: annotations(2),
      attributes: attr(t(d('ExprAttr'))),
    }),
    TableItem: messageOf(d('TableItem'), {
      itemOneof: fc.oneof(fc.constant(undefined), caseOf('keyName', name), caseOf('keyExpr', expr)),
      value: expr,
    }),
    ExprTable: messageOf(d('ExprTable'), { items: list(t(d('TableItem')), 4) }),
    ExprUnary: messageOf(d('ExprUnary'), {
      op: fc.constantFrom(ExprUnary_Op.Not, ExprUnary_Op.Minus, ExprUnary_Op.Len),
      expr,
    }),
    ExprBinary: messageOf(d('ExprBinary'), {
      op: fc.integer({ min: ExprBinary_Op.Add, max: ExprBinary_Op.Or }),
      left: expr,
      right: expr,
    }),
    ExprIfElse: messageOf(d('ExprIfElse'), {
      cond: expr,
      then: expr,
      elseOneof: choice(caseOf('else', expr), caseOf('elseif', t(d('ExprIfElse')))),
    }),
    ExprInterpString: messageOf(d('ExprInterpString'), { parts: list(expr, 4) }),
    LValue: messageOf(d('LValue'), {
      lvalueOneof: choice(
        ...casesOf(t, d('LValue'), ['local', 'global', 'indexName', 'indexExpr']),
      ),
    }),
  };
}

/** The rules of statements that nest blocks, and of the statement choice itself. */
function rawControlFlow({ p, g735, options }: RawRules): RawArbitraries {
  const { d, t, choice, list, depth } = p;
  const f = p.features;
  const { expr, block, local } = rawRuleRefs(p);
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
    ...feature(g735, 'class'),
  ];
  const statCases = casesOf(t, d('Stat'), statNames).map((arbitrary, i) => {
    const weight = statWeights[statNames[i]!];
    return weight === undefined ? arbitrary : { arbitrary, weight };
  });
  return {
    Stat: hoisting(messageOf(d('Stat'), { statOneof: choice(...statCases) }), (s) =>
      nestedOfKind(d('Stat'), s as never),
    ),
    StatBlock: messageOf(d('StatBlock'), {
      body: list(t(d('Stat')), options.maxStatements),
    }),
    StatIf: messageOf(d('StatIf'), {
      cond: expr,
      then: block,
      elseOneof: choice(
        fc.constant(undefined),
        caseOf('else', block),
        caseOf('elseif', t(d('StatIf'))),
      ),
    }),
    StatWhile: messageOf(d('StatWhile'), { cond: expr, body: block }),
    StatRepeat: messageOf(d('StatRepeat'), { body: block, cond: expr }),
    StatBreak: messageOf(d('StatBreak'), {}),
    StatContinue: messageOf(d('StatContinue'), {}),
    StatReturn: messageOf(d('StatReturn'), { list: list(expr, 2) }),
    StatFor: messageOf(d('StatFor'), {
      var: local,
      from: expr,
      to: expr,
      step: fc.option(expr, { nil: undefined, ...depth }),
      body: block,
    }),
    StatForIn: messageOf(d('StatForIn'), {
      vars: list(local, 2, 1),
      values: list(expr, 2, 1),
      body: block,
    }),
  };
}

/** The rules of calls, declarations, assignments and the module set. */
function rawDeclarations({ p, g735 }: RawRules): RawArbitraries {
  const { d, t, list, none, generics, genericPacks } = p;
  const f = p.features;
  const { expr, block, local, lvalue, func, type } = rawRuleRefs(p);
  const annotations = (n: number) => (f.typeAnnotations ? list(type, n) : none);
  const declarationFlags = g735 ? { isConst: fc.boolean(), isExported: fc.boolean() } : {};
  return {
    StatCall: messageOf(d('StatCall'), { expr: t(d('ExprCall')) }),
    StatLocal: messageOf(d('StatLocal'), {
      vars: list(local, 3, 1),
      values: list(expr, 3, 1),
      types: annotations(2),
      ...declarationFlags,
    }),
    StatAssign: messageOf(d('StatAssign'), {
      vars: list(lvalue, 2, 1),
      values: list(expr, 2, 1),
    }),
    StatCompoundAssign: messageOf(d('StatCompoundAssign'), {
      op: fc.integer({ min: StatCompoundAssign_Op.Add, max: StatCompoundAssign_Op.Concat }),
      var: lvalue,
      value: expr,
    }),
    StatFunction: messageOf(d('StatFunction'), { var: lvalue, func, self: fc.boolean() }),
    StatLocalFunction: messageOf(d('StatLocalFunction'), {
      var: local,
      func,
      ...declarationFlags,
    }),
    StatTypeAlias: messageOf(d('StatTypeAlias'), {
      export: fc.boolean(),
      name: t(d('RegularTypeName')),
      type,
      generics,
      genericpacks: genericPacks,
    }),
    StatTypeFunction: messageOf(d('StatTypeFunction'), {
      export: fc.boolean(),
      name: t(d('RegularTypeName')),
      func,
    }),
    StatRequireIntoLocalHelper: messageOf(d('StatRequireIntoLocalHelper'), {
      var: local,
      modulenum: fc.constant(0),
    }),
    ModuleSet: messageOf(d('ModuleSet'), {
      module: f.modules ? fc.option(block, { nil: undefined, freq: 3 }) : fc.constant(undefined),
      program: block,
    }),
  };
}

/** The rules of what grammar 735 adds: calls with or without parentheses, builtin references, classes. */
function rawAdded735(
  d: RawParts['d'],
  t: RawParts['t'],
  p: Pick<RawParts, 'choice' | 'list'> &
    Record<'expr' | 'local' | 'name' | 'type' | 'func', fc.Arbitrary<unknown>>,
): Record<string, fc.Arbitrary<unknown>> {
  const { choice, list, expr, local, name, type, func } = p;
  const prefix = t(d('ExprPrefix'));
  const classInst = t(d('ExprClassInst'));
  return {
    ExprCall: messageOf(d('ExprCall'), {
      callOneof: choice(
        { arbitrary: caseOf('paren', t(d('ParenCall'))), weight: 3 },
        caseOf('parenless', t(d('ParenlessCall'))),
      ),
    }),
    ParenCall: messageOf(d('ParenCall'), { func: prefix, self: fc.boolean(), args: list(expr, 3) }),
    ParenlessCall: messageOf(d('ParenlessCall'), {
      func: prefix,
      argOneof: fc.oneof(
        caseOf('string', t(d('ExprConstantString'))),
        caseOf('table', t(d('ExprTable'))),
      ),
    }),
    ExprBuiltinRef: messageOf(d('ExprBuiltinRef'), {
      library: fc.integer({ min: 0, max: 9 }),
      method: fc.integer({ min: 0, max: 40 }),
    }),
    ExprClassInst: messageOf(d('ExprClassInst'), {
      index: fc.integer({ min: 0, max: 7 }),
      firstArg: expr,
      otherArgs: list(expr, 2),
    }),
    ClassProp: messageOf(d('ClassProp'), {
      name,
      type: fc.option(type, { nil: undefined }),
    }),
    ClassMetamethodName: messageOf(d('ClassMetamethodName'), {
      index: fc.integer({ min: 0, max: 31 }),
    }),
    ClassMethod: messageOf(d('ClassMethod'), {
      access: fc.option(fc.constant(0), { nil: undefined }),
      nameOneof: fc.oneof(caseOf('name', name), caseOf('metamethod', t(d('ClassMetamethodName')))),
      func,
    }),
    StatClass: messageOf(d('StatClass'), {
      name: local,
      props: list(t(d('ClassProp')), 3),
      methods: list(t(d('ClassMethod')), 3),
      inst: classInst,
      local,
      isExported: fc.boolean(),
      extends: fc.option(fc.integer({ min: 0, max: 7 }), { nil: undefined }),
      isOpen: fc.boolean(),
    }),
  };
}
