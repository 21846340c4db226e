import type { Stat } from '../../../../gen/luau_pb.js';
import { countMessages } from './build-735.js';
import { classShape } from './class-shape.js';
import { classSourceShape } from './class-source-shape.js';
import { forms735Shape } from './forms-735-shape.js';
import type { Gen } from '../generator.js';
import type { StatProduction } from '../library/model.js';
import { typedClassShape } from '../typed/typed-classes.js';
import { typedForms735Shape } from '../typed/typed-forms-735.js';

/**
 * Programs of grammar 735 that open with classes, in percent: the node budget is often spent
 * before a later draw would reach them.
 */
const CLASSES_FIRST_PERCENT = 70;
/** And then with `const`, builtin references and calls without parentheses, in percent. */
const FORMS_FIRST_PERCENT = 60;

/** A shape whose messages count against the node budget. */
function counted(make: StatProduction): StatProduction {
  return (g, d) => {
    const stats = make(g, d);
    g.nodes += countMessages(stats);
    return stats;
  };
}

const classes = counted(classShape);
const forms = counted(forms735Shape);
const classSource = counted(classSourceShape);
const typedClasses = counted(typedClassShape);
const typedForms = counted(typedForms735Shape);

/**
 * The statements only grammar 735 has, with their weights among a block's statements: classes
 * (in the chunk's own block), and `const` locals and functions, calls without parentheses and
 * builtin references, and class source compiled at run time.
 *
 * @example
 * ```ts
 * if (g.o.grammar === '735') productions.push(...productions735(g, d));
 * ```
 */
export function productions735(g: Gen, d: number): [number, StatProduction][] {
  // At the typed level, the forms 0.735's checker accepts.
  if (g.typed)
    return [
      [d === 0 ? 12 : 0, typedClasses],
      [10, typedForms],
    ];
  return [
    [d === 0 ? 12 : 0, classes],
    [10, forms],
    [12, classSource],
  ];
}

/**
 * What a chunk of grammar 735 opens with: most often classes, then the other forms of 0.735
 * (none once the record is used up, so the smallest programs have none), outside the node
 * budget, which the rest of the chunk spends as a chunk of the seed's grammar would.
 *
 * @example
 * ```ts
 * if (g.o.grammar === '735') out.push(...opening735(g));
 * ```
 */
export function opening735(g: Gen): Stat[] {
  const open = (percent: number, shape: StatProduction): Stat[] =>
    g.choices.span(
      'stat',
      () => (g.choices.chance(percent) ? shape(g, 0) : []),
      (s) => s.length > 0,
    );
  // The typed level's classes come before (see `typedOpening735`).
  if (g.typed) return open(FORMS_FIRST_PERCENT, typedForms);
  const spent = g.nodes;
  const out = [...open(CLASSES_FIRST_PERCENT, classes), ...open(FORMS_FIRST_PERCENT, forms)];
  // On top of the node budget: what follows draws as much as in a program without them.
  g.nodes = spent;
  return out;
}

/**
 * What a typed chunk of grammar 735 opens with, before its planted error (which may then be
 * about its classes): most often classes written for 0.735's checker.
 *
 * @example
 * ```ts
 * if (g.typed && g.o.grammar === '735') prelude.push(...typedOpening735(g));
 * ```
 */
export function typedOpening735(g: Gen): Stat[] {
  return g.choices.span(
    'stat',
    () => (g.choices.chance(CLASSES_FIRST_PERCENT) ? typedClasses(g, 0) : []),
    (s) => s.length > 0,
  );
}
