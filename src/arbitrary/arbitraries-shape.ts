import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import type { Arbitrary } from 'fast-check';
import type * as g735 from '../../gen/luau-735_pb.js';
import type {
  Expr,
  ExprPrefix,
  Local,
  Name,
  ExprGroup,
  ExprConstantNil,
  ExprConstantBool,
  ExprConstantNumber,
  ExprConstantInteger,
  ExprConstantString,
  ExprLocal,
  ExprGlobal,
  ExprVarargs,
  ExprCall,
  ExprIndexName,
  ExprIndexExpr,
  ExprFunction,
  TableItem,
  ExprTable,
  ExprUnary,
  ExprBinary,
  ExprIfElse,
  ExprInterpString,
  LValue,
  Stat,
  StatBlock,
  StatIf,
  StatWhile,
  StatRepeat,
  StatBreak,
  StatContinue,
  StatReturn,
  StatCall,
  StatLocal,
  StatFor,
  StatForIn,
  StatAssign,
  StatCompoundAssign,
  StatFunction,
  StatLocalFunction,
  StatTypeAlias,
  StatTypeFunction,
  StatRequireIntoLocalHelper,
  ModuleSet,
  RegularTypeName,
  GenericTypeName,
  BuiltinTypeName,
  TypeName,
  Type,
  TypePrimitive,
  TypeLiteral,
  TypeTableItem,
  TypeTableIndexer,
  TypeTable,
  TypeFunction,
  TypeTypeof,
  TypeUnion,
  TypeIntersection,
  TypeExtern,
  TypeRef,
  TypeBoolean,
  TypeString,
  ExprLiteral,
  LiteralTableItem,
  ExprLiteralTable,
  ExprAttr,
} from '../../gen/luau_pb.js';

/**
 * One arbitrary per message of the schema, keyed by the message name in lowerCamel case
 * (`moduleSet`, `statBlock`, `expr`, ...). Values are protobuf-es messages.
 *
 * @example
 * ```ts
 * const { stat, expr, moduleSet }: LuauArbitraries = luauArbitraries({ level: 'scoped' });
 * ```
 */
export interface LuauArbitraries {
  /** Arbitrary `luau.Expr` messages. */
  expr: Arbitrary<Expr>;
  /** Arbitrary `luau.ExprPrefix` messages. */
  exprPrefix: Arbitrary<ExprPrefix>;
  /** Arbitrary `luau.Local` messages. */
  local: Arbitrary<Local>;
  /** Arbitrary `luau.Name` messages. */
  name: Arbitrary<Name>;
  /** Arbitrary `luau.ExprGroup` messages. */
  exprGroup: Arbitrary<ExprGroup>;
  /** Arbitrary `luau.ExprConstantNil` messages. */
  exprConstantNil: Arbitrary<ExprConstantNil>;
  /** Arbitrary `luau.ExprConstantBool` messages. */
  exprConstantBool: Arbitrary<ExprConstantBool>;
  /** Arbitrary `luau.ExprConstantNumber` messages. */
  exprConstantNumber: Arbitrary<ExprConstantNumber>;
  /** Arbitrary `luau.ExprConstantInteger` messages. */
  exprConstantInteger: Arbitrary<ExprConstantInteger>;
  /** Arbitrary `luau.ExprConstantString` messages. */
  exprConstantString: Arbitrary<ExprConstantString>;
  /** Arbitrary `luau.ExprLocal` messages. */
  exprLocal: Arbitrary<ExprLocal>;
  /** Arbitrary `luau.ExprGlobal` messages. */
  exprGlobal: Arbitrary<ExprGlobal>;
  /** Arbitrary `luau.ExprVarargs` messages. */
  exprVarargs: Arbitrary<ExprVarargs>;
  /** Arbitrary `luau.ExprCall` messages. */
  exprCall: Arbitrary<ExprCall>;
  /** Arbitrary `luau.ExprIndexName` messages. */
  exprIndexName: Arbitrary<ExprIndexName>;
  /** Arbitrary `luau.ExprIndexExpr` messages. */
  exprIndexExpr: Arbitrary<ExprIndexExpr>;
  /** Arbitrary `luau.ExprFunction` messages. */
  exprFunction: Arbitrary<ExprFunction>;
  /** Arbitrary `luau.TableItem` messages. */
  tableItem: Arbitrary<TableItem>;
  /** Arbitrary `luau.ExprTable` messages. */
  exprTable: Arbitrary<ExprTable>;
  /** Arbitrary `luau.ExprUnary` messages. */
  exprUnary: Arbitrary<ExprUnary>;
  /** Arbitrary `luau.ExprBinary` messages. */
  exprBinary: Arbitrary<ExprBinary>;
  /** Arbitrary `luau.ExprIfElse` messages. */
  exprIfElse: Arbitrary<ExprIfElse>;
  /** Arbitrary `luau.ExprInterpString` messages. */
  exprInterpString: Arbitrary<ExprInterpString>;
  /** Arbitrary `luau.LValue` messages. */
  lValue: Arbitrary<LValue>;
  /** Arbitrary `luau.Stat` messages. */
  stat: Arbitrary<Stat>;
  /** Arbitrary `luau.StatBlock` messages. */
  statBlock: Arbitrary<StatBlock>;
  /** Arbitrary `luau.StatIf` messages. */
  statIf: Arbitrary<StatIf>;
  /** Arbitrary `luau.StatWhile` messages. */
  statWhile: Arbitrary<StatWhile>;
  /** Arbitrary `luau.StatRepeat` messages. */
  statRepeat: Arbitrary<StatRepeat>;
  /** Arbitrary `luau.StatBreak` messages. */
  statBreak: Arbitrary<StatBreak>;
  /** Arbitrary `luau.StatContinue` messages. */
  statContinue: Arbitrary<StatContinue>;
  /** Arbitrary `luau.StatReturn` messages. */
  statReturn: Arbitrary<StatReturn>;
  /** Arbitrary `luau.StatCall` messages. */
  statCall: Arbitrary<StatCall>;
  /** Arbitrary `luau.StatLocal` messages. */
  statLocal: Arbitrary<StatLocal>;
  /** Arbitrary `luau.StatFor` messages. */
  statFor: Arbitrary<StatFor>;
  /** Arbitrary `luau.StatForIn` messages. */
  statForIn: Arbitrary<StatForIn>;
  /** Arbitrary `luau.StatAssign` messages. */
  statAssign: Arbitrary<StatAssign>;
  /** Arbitrary `luau.StatCompoundAssign` messages. */
  statCompoundAssign: Arbitrary<StatCompoundAssign>;
  /** Arbitrary `luau.StatFunction` messages. */
  statFunction: Arbitrary<StatFunction>;
  /** Arbitrary `luau.StatLocalFunction` messages. */
  statLocalFunction: Arbitrary<StatLocalFunction>;
  /** Arbitrary `luau.StatTypeAlias` messages. */
  statTypeAlias: Arbitrary<StatTypeAlias>;
  /** Arbitrary `luau.StatTypeFunction` messages. */
  statTypeFunction: Arbitrary<StatTypeFunction>;
  /** Arbitrary `luau.StatRequireIntoLocalHelper` messages. */
  statRequireIntoLocalHelper: Arbitrary<StatRequireIntoLocalHelper>;
  /** Arbitrary `luau.ModuleSet` messages. */
  moduleSet: Arbitrary<ModuleSet>;
  /** Arbitrary `luau.RegularTypeName` messages. */
  regularTypeName: Arbitrary<RegularTypeName>;
  /** Arbitrary `luau.GenericTypeName` messages. */
  genericTypeName: Arbitrary<GenericTypeName>;
  /** Arbitrary `luau.BuiltinTypeName` messages. */
  builtinTypeName: Arbitrary<BuiltinTypeName>;
  /** Arbitrary `luau.TypeName` messages. */
  typeName: Arbitrary<TypeName>;
  /** Arbitrary `luau.Type` messages. */
  type: Arbitrary<Type>;
  /** Arbitrary `luau.TypePrimitive` messages. */
  typePrimitive: Arbitrary<TypePrimitive>;
  /** Arbitrary `luau.TypeLiteral` messages. */
  typeLiteral: Arbitrary<TypeLiteral>;
  /** Arbitrary `luau.TypeTableItem` messages. */
  typeTableItem: Arbitrary<TypeTableItem>;
  /** Arbitrary `luau.TypeTableIndexer` messages. */
  typeTableIndexer: Arbitrary<TypeTableIndexer>;
  /** Arbitrary `luau.TypeTable` messages. */
  typeTable: Arbitrary<TypeTable>;
  /** Arbitrary `luau.TypeFunction` messages. */
  typeFunction: Arbitrary<TypeFunction>;
  /** Arbitrary `luau.TypeTypeof` messages. */
  typeTypeof: Arbitrary<TypeTypeof>;
  /** Arbitrary `luau.TypeUnion` messages. */
  typeUnion: Arbitrary<TypeUnion>;
  /** Arbitrary `luau.TypeIntersection` messages. */
  typeIntersection: Arbitrary<TypeIntersection>;
  /** Arbitrary `luau.TypeExtern` messages. */
  typeExtern: Arbitrary<TypeExtern>;
  /** Arbitrary `luau.TypeRef` messages. */
  typeRef: Arbitrary<TypeRef>;
  /** Arbitrary `luau.TypeBoolean` messages. */
  typeBoolean: Arbitrary<TypeBoolean>;
  /** Arbitrary `luau.TypeString` messages. */
  typeString: Arbitrary<TypeString>;
  /** Arbitrary `luau.ExprLiteral` messages. */
  exprLiteral: Arbitrary<ExprLiteral>;
  /** Arbitrary `luau.LiteralTableItem` messages. */
  literalTableItem: Arbitrary<LiteralTableItem>;
  /** Arbitrary `luau.ExprLiteralTable` messages. */
  exprLiteralTable: Arbitrary<ExprLiteralTable>;
  /** Arbitrary `luau.ExprAttr` messages. */
  exprAttr: Arbitrary<ExprAttr>;
}

/**
 * The keys of {@link LuauArbitraries}, in schema order.
 *
 * @example
 * ```ts
 * for (const key of luauArbitraryKeys) fc.sample(luauArbitraries()[key], 1);
 * ```
 */
export const luauArbitraryKeys = [
  'expr',
  'exprPrefix',
  'local',
  'name',
  'exprGroup',
  'exprConstantNil',
  'exprConstantBool',
  'exprConstantNumber',
  'exprConstantInteger',
  'exprConstantString',
  'exprLocal',
  'exprGlobal',
  'exprVarargs',
  'exprCall',
  'exprIndexName',
  'exprIndexExpr',
  'exprFunction',
  'tableItem',
  'exprTable',
  'exprUnary',
  'exprBinary',
  'exprIfElse',
  'exprInterpString',
  'lValue',
  'stat',
  'statBlock',
  'statIf',
  'statWhile',
  'statRepeat',
  'statBreak',
  'statContinue',
  'statReturn',
  'statCall',
  'statLocal',
  'statFor',
  'statForIn',
  'statAssign',
  'statCompoundAssign',
  'statFunction',
  'statLocalFunction',
  'statTypeAlias',
  'statTypeFunction',
  'statRequireIntoLocalHelper',
  'moduleSet',
  'regularTypeName',
  'genericTypeName',
  'builtinTypeName',
  'typeName',
  'type',
  'typePrimitive',
  'typeLiteral',
  'typeTableItem',
  'typeTableIndexer',
  'typeTable',
  'typeFunction',
  'typeTypeof',
  'typeUnion',
  'typeIntersection',
  'typeExtern',
  'typeRef',
  'typeBoolean',
  'typeString',
  'exprLiteral',
  'literalTableItem',
  'exprLiteralTable',
  'exprAttr',
] as const satisfies readonly (keyof LuauArbitraries)[];

type Schemas735 = typeof g735;

/**
 * One arbitrary per message of the 0.735 schema (`gen/luau-735_pb`), keyed as in
 * {@link LuauArbitraries} (`moduleSet`, `statClass`, `exprBuiltinRef`, ...): what
 * `luauArbitraries({ grammar: '735' })` gives.
 *
 * @example
 * ```ts
 * const { moduleSet, statClass }: LuauArbitraries735 = luauArbitraries({ grammar: '735' });
 * ```
 */
export type LuauArbitraries735 = {
  [
    K in keyof Schemas735 as K extends `${infer N}Schema`
      ? Schemas735[K] extends DescMessage & { kind: 'message' }
        ? Uncapitalize<N>
        : never
      : never
  ]: Schemas735[K] extends DescMessage ? Arbitrary<MessageShape<Schemas735[K]>> : never;
};
