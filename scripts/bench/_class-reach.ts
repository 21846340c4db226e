// The functions of a coverage build that handle classes, and the lines each profile reaches in
// them: what a bench prints to show whether generated programs reach the class code of the
// parser, the compiler and the VM (Luau 0.735's classes, behind their flags).
// (A leading `_`: not a benchmark of its own.)
import { componentOf, type LlvmTools } from '../../src/coverage/index.js';
import { codeRegion, demangle, functionsOf } from './_function-gap.js';

/**
 * Names that say class of something else: the allocator's size classes and their pages, the
 * character classes of string patterns, the type index of every syntax node's C++ class.
 */
const unrelated = /SizeClass|classpage|ClassIndex\(\)|^lstrlib\.cpp/;

/** One class function and the lines each profile reaches in it. */
export interface ClassReach {
  readonly component: string;
  /** Demangled name. */
  readonly name: string;
  /** Its source file (from its component's folder) and first line. */
  readonly where: string;
  /** Source lines a code region of it starts on. */
  readonly lines: number;
  /** Of them, those a region reached under each profile starts on, in the profiles' order. */
  readonly reached: readonly number[];
}

/**
 * The functions of `components` whose name mentions a class (`parseClass`, `compileClass…`,
 * `luaC_…` aside: the word, any case) or whose file does (`lclass.cpp`, `lclasslib.cpp`), with
 * the lines each of `profiles` reaches in them, in source order.
 *
 * @example
 * ```ts
 * const rows = await classReach(llvm, build.luau, ['generated.profdata', 'compared.profdata'], ['Ast', 'Compiler', 'VM']);
 * ```
 */
export async function classReach(
  llvm: LlvmTools,
  executable: string,
  profiles: readonly string[],
  components: readonly string[],
): Promise<ClassReach[]> {
  const runs = await Promise.all(profiles.map((p) => functionsOf(llvm, executable, p)));
  const first = runs[0]!;
  const names = demangle(
    llvm,
    first.map((f) => f.name),
  );
  const out: ClassReach[] = [];
  first.forEach((f, i) => {
    const file = f.filenames[0] ?? '';
    const component = componentOf(file);
    if (!components.includes(component)) return;
    const name = names[i] ?? f.name;
    const base = file.split(/[\\/]/).pop() ?? '';
    if (!/class/i.test(name.replace(/\(.*$/, '')) && !/class/i.test(base)) return;
    if (unrelated.test(name) || unrelated.test(base)) return;
    const lines = new Set<number>();
    const reached = runs.map(() => new Set<number>());
    f.regions.forEach((r, j) => {
      if (r[7] !== codeRegion) return;
      lines.add(r[0]!);
      runs.forEach((run, k) => {
        const g = run[i];
        if (g?.name === f.name && (g.regions[j]?.[4] ?? 0) > 0) reached[k]!.add(r[0]!);
      });
    });
    const parts = file.split(/[\\/]/);
    const at = parts.lastIndexOf(component);
    out.push({
      component,
      name,
      where: `${parts.slice(at).join('/')}:${f.regions[0]?.[0] ?? 0}`,
      lines: lines.size,
      reached: reached.map((s) => s.size),
    });
  });
  return out.sort(
    (a, b) =>
      components.indexOf(a.component) - components.indexOf(b.component) ||
      a.where.localeCompare(b.where, 'en', { numeric: true }),
  );
}

/**
 * The rows of {@link classReach} as a table, with a total per component.
 *
 * @example
 * ```ts
 * console.log(formatClassReach(rows, ['generated', 'conformance']));
 * ```
 */
export function formatClassReach(rows: readonly ClassReach[], sides: readonly string[]): string {
  const head = `  ${'component'.padEnd(9)} ${'lines'.padStart(5)} ${sides.map((s) => s.padStart(11)).join(' ')}  function (file:line)`;
  const out = [head];
  const row = (component: string, lines: number, reached: readonly number[], what: string) =>
    `  ${component.padEnd(9)} ${String(lines).padStart(5)} ${reached.map((n) => String(n).padStart(11)).join(' ')}  ${what}`;
  for (const r of rows)
    out.push(row(r.component, r.lines, r.reached, `${r.name.slice(0, 70)} (${r.where})`));
  for (const component of [...new Set(rows.map((r) => r.component))]) {
    const of = rows.filter((r) => r.component === component);
    out.push(
      row(
        component,
        of.reduce((a, r) => a + r.lines, 0),
        sides.map((_, k) => of.reduce((a, r) => a + r.reached[k]!, 0)),
        `all ${of.length} class functions`,
      ),
    );
  }
  return out.join('\n');
}
