import type * as g715 from '../../gen/luau_pb.js';
import type * as g735 from '../../gen/luau-735_pb.js';

// The nodes of a tree of either grammar, for what walks both (the printers): a message that
// the grammars share is either grammar's, one that only 0.735 has is 0.735's.

/** `BuiltinTypeName` of either grammar. */
export type BuiltinTypeName = g715.BuiltinTypeName | g735.BuiltinTypeName;
/** `Expr` of either grammar. */
export type Expr = g715.Expr | g735.Expr;
/** `ExprAttr` of either grammar. */
export type ExprAttr = g715.ExprAttr | g735.ExprAttr;
/** `ExprBinary` of either grammar. */
export type ExprBinary = g715.ExprBinary | g735.ExprBinary;
/** `ExprCall` of either grammar. */
export type ExprCall = g715.ExprCall | g735.ExprCall;
/** `ExprFunction` of either grammar. */
export type ExprFunction = g715.ExprFunction | g735.ExprFunction;
/** `ExprIfElse` of either grammar. */
export type ExprIfElse = g715.ExprIfElse | g735.ExprIfElse;
/** `ExprIndexExpr` of either grammar. */
export type ExprIndexExpr = g715.ExprIndexExpr | g735.ExprIndexExpr;
/** `ExprInterpString` of either grammar. */
export type ExprInterpString = g715.ExprInterpString | g735.ExprInterpString;
/** `ExprLiteral` of either grammar. */
export type ExprLiteral = g715.ExprLiteral | g735.ExprLiteral;
/** `ExprLocal` of either grammar. */
export type ExprLocal = g715.ExprLocal | g735.ExprLocal;
/** `ExprPrefix` of either grammar. */
export type ExprPrefix = g715.ExprPrefix | g735.ExprPrefix;
/** `ExprTable` of either grammar. */
export type ExprTable = g715.ExprTable | g735.ExprTable;
/** `ExprUnary` of either grammar. */
export type ExprUnary = g715.ExprUnary | g735.ExprUnary;
/** `GenericTypeName` of either grammar. */
export type GenericTypeName = g715.GenericTypeName | g735.GenericTypeName;
/** `LValue` of either grammar. */
export type LValue = g715.LValue | g735.LValue;
/** `Local` of either grammar. */
export type Local = g715.Local | g735.Local;
/** `ModuleSet` of either grammar. */
export type ModuleSet = g715.ModuleSet | g735.ModuleSet;
/** `Name` of either grammar. */
export type Name = g715.Name | g735.Name;
/** `RegularTypeName` of either grammar. */
export type RegularTypeName = g715.RegularTypeName | g735.RegularTypeName;
/** `Stat` of either grammar. */
export type Stat = g715.Stat | g735.Stat;
/** `StatAssign` of either grammar. */
export type StatAssign = g715.StatAssign | g735.StatAssign;
/** `StatBlock` of either grammar. */
export type StatBlock = g715.StatBlock | g735.StatBlock;
/** `StatCompoundAssign` of either grammar. */
export type StatCompoundAssign = g715.StatCompoundAssign | g735.StatCompoundAssign;
/** `StatFor` of either grammar. */
export type StatFor = g715.StatFor | g735.StatFor;
/** `StatForIn` of either grammar. */
export type StatForIn = g715.StatForIn | g735.StatForIn;
/** `StatFunction` of either grammar. */
export type StatFunction = g715.StatFunction | g735.StatFunction;
/** `StatIf` of either grammar. */
export type StatIf = g715.StatIf | g735.StatIf;
/** `StatLocal` of either grammar. */
export type StatLocal = g715.StatLocal | g735.StatLocal;
/** `StatLocalFunction` of either grammar. */
export type StatLocalFunction = g715.StatLocalFunction | g735.StatLocalFunction;
/** `StatRepeat` of either grammar. */
export type StatRepeat = g715.StatRepeat | g735.StatRepeat;
/** `StatRequireIntoLocalHelper` of either grammar. */
export type StatRequireIntoLocalHelper =
  g715.StatRequireIntoLocalHelper | g735.StatRequireIntoLocalHelper;
/** `StatTypeAlias` of either grammar. */
export type StatTypeAlias = g715.StatTypeAlias | g735.StatTypeAlias;
/** `StatTypeFunction` of either grammar. */
export type StatTypeFunction = g715.StatTypeFunction | g735.StatTypeFunction;
/** `StatWhile` of either grammar. */
export type StatWhile = g715.StatWhile | g735.StatWhile;
/** `Type` of either grammar. */
export type Type = g715.Type | g735.Type;
/** `TypeFunction` of either grammar. */
export type TypeFunction = g715.TypeFunction | g735.TypeFunction;
/** `TypeName` of either grammar. */
export type TypeName = g715.TypeName | g735.TypeName;
/** `TypeTable` of either grammar. */
export type TypeTable = g715.TypeTable | g735.TypeTable;

export type {
  ClassMetamethodName,
  ClassMethod,
  ClassProp,
  ExprBuiltinRef,
  ExprClassInst,
  ParenCall,
  ParenlessCall,
  StatClass,
} from '../../gen/luau-735_pb.js';
