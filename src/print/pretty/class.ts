import { isFieldSet } from '@bufbuild/protobuf';
import { ClassMethodSchema, StatClassSchema } from '../../../gen/luau-735_pb.js';
import type { ClassMethod, ExprClassInst, Name, StatClass } from '../../tree/nodes.js';
import { nameTables735, u64Mod } from '../name-tables.js';
import { localText, metamethodText } from '../names.js';
import type { PrettyContext } from './context.js';
import { printExpr } from './expr.js';
import { mayExport } from './exports.js';
import { printFunctionPart } from './function.js';
import { identifierText } from './names.js';
import { printType } from './type.js';

/** A prop's name: an identifier (`nil_`), never starting with `__` ("Class properties cannot start with '__'"). */
function propText(name: Name | undefined): string {
  const text = identifierText(name);
  return text.startsWith('__') ? 'p' + text : text;
}

/**
 * A method's name: an identifier, `__` only for the metamethods a class may define; `__init`,
 * the constructor, for a method without a name.
 */
function methodText(m: ClassMethod): string {
  const o = m.nameOneof;
  switch (o.case) {
    case 'name': {
      const text = identifierText(o.value);
      const metamethod = text.startsWith('__');
      return metamethod && !nameTables735.classMetamethods.includes(text) ? 'm' + text : text;
    }
    case 'metamethod':
      return metamethodText(o.value);
    case undefined:
      // A method without a name is the constructor.
      return '__init';
  }
}

/**
 * Whether a class is written for a type checker: printed with types, and a method's parameters
 * annotated. 0.735's checker makes a method of a function whose first parameter is `self` (a
 * function without is static), and knows no `new` (it types a class as callable, `Ck {…}`,
 * which the runtime refuses: "attempt to call a class value"); so a checked class's methods
 * take `self` first, its instances are made through `(Ck :: any).new {…}`, and extern types
 * name it, from its own head on.
 */
function isChecked(ctx: PrettyContext, s: StatClass): boolean {
  return ctx.types && s.methods.some((m) => m.func !== undefined && m.func.types.length > 0);
}

/**
 * (`export `)(`open `)`class Ck` (` extends ` an earlier class, when there is one), a line per
 * prop (its type when types are on) and per method, `end`; then `local` is assigned an
 * instance, as compat mode does. Classes are named in the order they are declared (what
 * instantiations and `extends` index); a member whose name is taken is left out ("Duplicate
 * class member").
 */
export function printClass(ctx: PrettyContext, s: StatClass): void {
  const w = ctx.w;
  const { classes } = ctx;
  const name = 'C' + String(classes.length);
  let head = (s.isExported && mayExport(ctx, [name]) ? 'export ' : '') + (s.isOpen ? 'open ' : '');
  head += 'class ' + name;
  if (isFieldSet(s, StatClassSchema.field.extends) && classes.length > 0)
    head += ' extends ' + classes[u64Mod(s.extends, classes.length)]!.name;
  w.write(head);
  const checked = isChecked(ctx, s);
  if (checked) ctx.classTypes.push(name);
  const members = new Set<string>();
  const props: string[] = [];
  ctx.deeper(2);
  w.indent();
  for (const prop of s.props) {
    const text = propText(prop.name);
    if (members.has(text)) continue;
    members.add(text);
    props.push(text);
    w.newline();
    w.write('public ' + text);
    if (ctx.types && prop.type !== undefined) {
      w.write(': ');
      printType(ctx, prop.type);
    }
  }
  for (const method of s.methods) {
    const text = methodText(method);
    if (members.has(text)) continue;
    members.add(text);
    w.newline();
    const access = isFieldSet(method, ClassMethodSchema.field.access);
    w.write((access ? 'public ' : '') + 'function ' + text);
    const self = text === '__init' || (checked && (method.func?.args.length ?? 0) > 0);
    printFunctionPart(ctx, method.func, undefined, false, self);
  }
  w.dedent();
  ctx.shallower(2);
  w.newline();
  w.write('end');
  classes.push({ name, props, cast: checked });
  w.newline();
  w.write(localText(s.local) + ' = ');
  printInstance(ctx, classes.length - 1, s.inst);
}

/** `Ck.new { p = arg, … }` (`(Ck :: any).new` of a checked class): one entry per prop, the arguments in turn (`firstArg`, then `otherArgs`, round again). */
function printInstance(ctx: PrettyContext, index: number, inst: ExprClassInst | undefined): void {
  const w = ctx.w;
  const { name, props, cast } = ctx.classes[index]!;
  w.write((cast === true ? '(' + name + ' :: any)' : name) + '.new {');
  const args = 1 + (inst?.otherArgs.length ?? 0);
  props.forEach((prop, i) => {
    w.write((i > 0 ? ', ' : ' ') + prop + ' = ');
    const at = i % args;
    printExpr(ctx, at === 0 ? inst?.firstArg : inst?.otherArgs[at - 1]);
  });
  w.write(props.length > 0 ? ' }' : '}');
}

/**
 * An instantiation where an expression goes: of the class `u64(index) mod` the count of those
 * declared before it, `_` when there is none.
 */
export function printInstanceExpr(ctx: PrettyContext, e: ExprClassInst): void {
  const n = ctx.classes.length;
  if (n === 0) ctx.w.write(ctx.ref('_'));
  else printInstance(ctx, u64Mod(e.index, n), e);
}
