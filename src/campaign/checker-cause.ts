import { plantedErrorOf } from '../arbitrary/index.js';
import { luauKeywords } from '../print/index.js';
import type { CheckOutcome } from './classify.js';
import { checkerErrors, diagnosticMessage } from './type-check.js';

/** A name of a generated program, as the construct it is: `l12` a local, `n3` a field, `t1` a type. */
function nameClass(name: string): string {
  return name
    .replace(/\bl\d+\b/g, 'local')
    .replace(/\bn\d+\b/g, 'field')
    .replace(/\bt\d+\b/g, 'type');
}

/**
 * The construct at a position of a program (1-based line and column, as the checker gives
 * them), with names of the program as their class (`local`, `field`, `type`): a call
 * the argument of the call around it (`argument of pcall`, whatever the argument is; not of
 * `print`), else a call (`call rawget`, `call local.field`) when one starts there, else the
 * token there (`local`, `if`, `number`, `string`, an operator). What tells two causes with
 * one message apart.
 *
 * @example
 * ```ts
 * constructAt('print(rawget(l1, "n0"))', 1, 7); // 'call rawget'
 * constructAt('local l4 = pcall(error, 2 // 0, 0)', 1, 25); // 'argument of pcall'
 * ```
 */
export function constructAt(program: string, line: number, col: number): string {
  const text = program.split('\n')[line - 1] ?? '';
  const rest = text.slice(Math.max(0, col - 1));
  // The call an argument is of first (one cause, whatever the argument is), but for print,
  // where the programs show their values.
  let depth = 0;
  for (let k = col - 2; k >= 0; k--) {
    const c = text[k]!;
    if (c === ')') depth++;
    else if (c === '(' && depth > 0) depth--;
    else if (c === '(') {
      const name = /([A-Za-z_][\w.:]*)\s*$/.exec(text.slice(0, k))?.[1];
      const callee = name === undefined || luauKeywords.has(name) ? undefined : name;
      if (callee !== undefined && callee !== 'print') return `argument of ${nameClass(callee)}`;
      if (callee !== undefined) break;
    }
  }
  const call = /^([A-Za-z_][\w.:]*)\s*\(/.exec(rest);
  if (call !== null) return `call ${nameClass(call[1]!)}`;
  const token =
    /^(?:[A-Za-z_]\w*|\d[\w.]*|"|'|\.\.\.|\/\/|[=~<>]=|\.\.|::|->|\S)/.exec(rest)?.[0] ?? '';
  if (token === '(' && rest.length > 1)
    return `parenthesized ${constructAt(program, line, col + 1)}`;
  if (/^\d/.test(token)) return 'number';
  if (token === '"' || token === "'") return 'string';
  return nameClass(token);
}

/** The position of a diagnostic in the program (undefined: in its module, or none). */
function positionOf(diagnostic: string): { line: number; col: number } | undefined {
  const m = /program\.luau\((\d+),(\d+)\)/.exec(diagnostic);
  return m === null ? undefined : { line: Number(m[1]), col: Number(m[2]) };
}

/**
 * The errors a checker reported outside a program's planted statement (all of them when it
 * has none), each whole: what makes a false positive, one cause or several.
 *
 * @example
 * ```ts
 * falsePositiveErrors(program, check.output).map(diagnosticMessage); // the error classes
 * ```
 */
export function falsePositiveErrors(program: string, output: string): string[] {
  const planted = plantedErrorOf(program);
  return checkerErrors(output).filter((l) => {
    const line = positionOf(l)?.line ?? 0;
    return planted === undefined || line < planted.from || line > planted.to;
  });
}

/**
 * The cause of one error the checker reported: its normalized message and the construct at
 * its location ({@link constructAt}; `module` for an error in the program's module), as
 * `message · construct`.
 *
 * @example
 * ```ts
 * errorCause(program, './d0/program.luau(7,29): TypeError: Expected this to be \'T\', but got \'number\'');
 * // "TypeError: Expected this to be '…', but got '…' · argument of pcall"
 * ```
 */
export function errorCause(program: string, diagnostic: string): string {
  const position = positionOf(diagnostic);
  const construct =
    position === undefined ? 'module' : constructAt(program, position.line, position.col);
  return [diagnosticMessage(diagnostic), construct].filter((x) => x !== '').join(' · ');
}

/**
 * The distinct causes ({@link errorCause}) of a false positive's errors, in the order the
 * checker reports them: one message at two constructs is two causes, one at two lines of
 * one construct one.
 *
 * @example
 * ```ts
 * falsePositiveCauses(program, check.output); // ["TypeError: … · call local", "TypeError: … · argument of pcall"]
 * ```
 */
export function falsePositiveCauses(program: string, output: string): string[] {
  return [...new Set(falsePositiveErrors(program, output).map((l) => errorCause(program, l)))];
}

/**
 * The cause ({@link errorCause}) of the error a false positive's detail names: the first
 * error outside the planted statement with that message; undefined when there is none.
 *
 * @example
 * ```ts
 * detailCause(program, check); // "TypeError: Expected this to be '…', but got '…' · call local"
 * ```
 */
export function detailCause(program: string, check: CheckOutcome): string | undefined {
  const at = falsePositiveErrors(program, check.output).find(
    (l) => diagnosticMessage(l) === check.detail,
  );
  return at === undefined ? undefined : errorCause(program, at);
}

/**
 * What one cause of a checker finding is: its kind, mode, error class (the finding's detail:
 * the normalized message, the planted error's kind, the failed assertion) and the construct
 * at the error's location ({@link constructAt}: the first error with the finding's message,
 * the planted statement of a missed error; none for a crash or time-out); or, for a further
 * cause of a false positive, the kind, mode and the {@link errorCause} given. Two findings
 * with one cause are one bug; one message at two constructs is two.
 *
 * @example
 * ```ts
 * checkerCause(shrunkProgram, shrunkCheck);
 * // "checker-false-positive · new · TypeError: Expected this to be '…', but got '…' · argument of pcall"
 * ```
 */
export function checkerCause(program: string, check: CheckOutcome, error?: string): string {
  if (error !== undefined) return [check.kind ?? 'clean', check.mode, error].join(' · ');
  let construct = '';
  switch (check.kind) {
    case undefined:
    case 'checker-crash':
    case 'checker-timeout':
      break;
    case 'checker-missed': {
      const planted = plantedErrorOf(program);
      if (planted !== undefined) {
        // A planted statement that must not run is guarded (`if l4 then`): its body is it.
        const lines = program.split('\n');
        const guarded = /^\s*if l\d+ then$/.test(lines[planted.from - 1] ?? '');
        const at = guarded && planted.to > planted.from ? planted.from + 1 : planted.from;
        const text = lines[at - 1] ?? '';
        construct = constructAt(program, at, text.length - text.trimStart().length + 1);
      }
      break;
    }
    case 'checker-false-positive':
    case 'checker-disagreement':
    case 'checker-nondeterminism': {
      const message = check.detail.replace(/^.*? only: /, '');
      const errors =
        check.kind === 'checker-false-positive'
          ? falsePositiveErrors(program, check.output)
          : checkerErrors(check.output);
      const at = errors.find((l) => diagnosticMessage(l) === message) ?? errors[0];
      const position = at === undefined ? undefined : positionOf(at);
      construct =
        at === undefined
          ? ''
          : position === undefined
            ? 'module'
            : constructAt(program, position.line, position.col);
      break;
    }
  }
  return [check.kind ?? 'clean', check.mode, check.detail, construct]
    .filter((part) => part !== undefined && part !== '')
    .join(' · ');
}
