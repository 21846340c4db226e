// Small builders for hand-made trees in printer tests.
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import {
  ExprBinary_Op,
  ExprSchema,
  ModuleSetSchema,
  StatSchema,
  TypeSchema,
  type Expr,
  type ExprUnary_Op,
  type ModuleSet,
  type Stat,
  type Type,
} from '../../../gen/luau_pb.js';

export type ExprInit = MessageInitShape<typeof ExprSchema>;
export type StatInit = MessageInitShape<typeof StatSchema>;

export const expr = (init: ExprInit): Expr => create(ExprSchema, init);
export const stat = (init: StatInit): Stat => create(StatSchema, init);
export const type = (init: MessageInitShape<typeof TypeSchema>): Type => create(TypeSchema, init);

export const num = (val: number): Expr => expr({ exprOneof: { case: 'number', value: { val } } });
export const int = (val: bigint): Expr => expr({ exprOneof: { case: 'integer', value: { val } } });
export const str = (val: string): Expr => expr({ exprOneof: { case: 'string', value: { val } } });
export const bool = (val: boolean): Expr => expr({ exprOneof: { case: 'bool', value: { val } } });
export const nil = (): Expr => expr({ exprOneof: { case: 'nil', value: {} } });
export const local = (name: number): Expr =>
  expr({ exprOneof: { case: 'local', value: { var: { name } } } });
/** A global with a custom name: `n<i>`. */
export const global = (custom: number): Expr =>
  expr({
    exprOneof: {
      case: 'global',
      value: { name: { nameOneof: { case: 'custom', value: custom } } },
    },
  });
/** A global with a builtin name (index into the names table). */
export const builtin = (index: number): Expr =>
  expr({
    exprOneof: {
      case: 'global',
      value: { name: { nameOneof: { case: 'builtin', value: index } } },
    },
  });
export const varargs = (): Expr => expr({ exprOneof: { case: 'varargs', value: {} } });
export const group = (e: Expr): Expr => expr({ exprOneof: { case: 'group', value: { expr: e } } });
export const bin = (op: ExprBinary_Op, left: Expr, right: Expr): Expr =>
  expr({ exprOneof: { case: 'binary', value: { op, left, right } } });
export const un = (op: ExprUnary_Op, e: Expr): Expr =>
  expr({ exprOneof: { case: 'unary', value: { op, expr: e } } });
export const ifelse = (cond: Expr, then: Expr, otherwise?: Expr): Expr =>
  expr({
    exprOneof: {
      case: 'ifelse',
      value: {
        cond,
        then,
        ...(otherwise === undefined
          ? {}
          : { elseOneof: { case: 'else' as const, value: otherwise } }),
      },
    },
  });
export const Op = ExprBinary_Op;

export const ret = (...list: Expr[]): Stat =>
  stat({ statOneof: { case: 'return', value: { list } } });
export const brk = (): Stat => stat({ statOneof: { case: 'break', value: {} } });
export const cont = (): Stat => stat({ statOneof: { case: 'continue', value: {} } });
export const localStat = (names: number[], values: Expr[] = []): Stat =>
  stat({ statOneof: { case: 'local', value: { vars: names.map((name) => ({ name })), values } } });
export const whileStat = (cond: Expr, body: Stat[]): Stat =>
  stat({ statOneof: { case: 'while', value: { cond, body: { body } } } });
export const call = (func: Expr, args: Expr[] = []): Stat => {
  const o = func.exprOneof;
  if (o.case !== 'local' && o.case !== 'global' && o.case !== 'group') throw new Error('callee');
  return stat({
    statOneof: { case: 'call', value: { expr: { func: { exprOneof: o }, self: false, args } } },
  });
};

export const program = (...body: Stat[]): ModuleSet =>
  create(ModuleSetSchema, { program: { body } });
export const withModule = (module: Stat[], body: Stat[]): ModuleSet =>
  create(ModuleSetSchema, { module: { body: module }, program: { body } });
