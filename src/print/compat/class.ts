import { isFieldSet } from '@bufbuild/protobuf';
import { ClassMethodSchema, StatClassSchema } from '../../../gen/luau-735_pb.js';
import type { ClassMethod, ExprClassInst, StatClass } from '../../tree/nodes.js';
import { Modifier } from '../../../gen/luau-735_pb.js';
import { u64Mod } from '../name-tables.js';
import { localText, metamethodText, nameText } from '../names.js';
import type { CompatContext } from './context.js';
import { printExpr } from './expr.js';
import { printFunction } from './stat.js';
import { printType } from './type.js';

/**
 * `StatClass`: (`export `)(`open `)`class` name (` extends ` an earlier class by
 * `u64(extends) mod` their count, `_` when there is none), a line per prop (`public ` name,
 * `:`type when it has one, whatever the `types` switch) and per method, `end`; then the
 * class is declared, and the `local` (a name, not a declaration) gets an instance of it.
 */
export function printClass(ctx: CompatContext, s: StatClass): void {
  const w = ctx.w;
  const { classes } = ctx;
  w.write(
    (s.isExported ? 'export ' : '') + (s.isOpen ? 'open ' : '') + 'class ' + localText(s.name),
  );
  if (isFieldSet(s, StatClassSchema.field.extends)) {
    w.write(' extends ');
    w.write(
      classes.length === 0 ? '_' : localText(classes[u64Mod(s.extends, classes.length)]!.name),
    );
  }
  w.write('\n');
  for (const prop of s.props) {
    w.write('public ' + nameText(prop.name));
    if (prop.type !== undefined) {
      w.write(':');
      printType(ctx, prop.type);
    }
    w.write('\n');
  }
  for (const method of s.methods) {
    printMethod(ctx, method);
    w.write('\n');
  }
  w.write('end\n');
  classes.push({ name: s.name, props: s.props.map((p) => p.name) });
  w.write(localText(s.local) + ' = ');
  printInstance(ctx, s.inst, classes.length - 1);
}

/** (`public `)`function ` + the name or metamethod (nothing when neither) + function part. */
function printMethod(ctx: CompatContext, m: ClassMethod): void {
  const access = isFieldSet(m, ClassMethodSchema.field.access) && m.access === Modifier.PUBLIC;
  ctx.w.write(access ? 'public function ' : 'function ');
  const o = m.nameOneof;
  switch (o.case) {
    case 'name':
      ctx.w.write(nameText(o.value));
      break;
    case 'metamethod':
      ctx.w.write(metamethodText(o.value));
      break;
    case undefined:
      break;
  }
  printFunction(ctx, m.func);
}

/**
 * `C.new { p = arg, … }`: one entry per prop of the class, the arguments in turn (`firstArg`,
 * then `otherArgs`, round again).
 */
function printInstance(ctx: CompatContext, inst: ExprClassInst | undefined, index: number): void {
  const w = ctx.w;
  const cls = ctx.classes[index]!;
  w.write(localText(cls.name) + '.new { ');
  const args = 1 + (inst?.otherArgs.length ?? 0);
  cls.props.forEach((prop, i) => {
    if (i > 0) w.write(', ');
    w.write(nameText(prop) + ' = ');
    const at = i % args;
    printExpr(ctx, at === 0 ? inst?.firstArg : inst?.otherArgs[at - 1]);
  });
  w.write(' }');
}
