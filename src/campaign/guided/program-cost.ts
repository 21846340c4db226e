/**
 * What a program costs a guided campaign, in characters of program text: its own text (a
 * grown program's compiling and running take longer), and its process's start and the
 * generator's work counted as {@link processCost} more. An estimate from the program, not a
 * clock: a campaign's steps depend on what the steps before measured, and a clock would make
 * two runs of one seed draw other programs.
 *
 * @example
 * ```ts
 * programCost({ program: 'print(1)' }); // 2008
 * ```
 */
export function programCost(p: { readonly program: string; readonly module?: string }): number {
  return processCost + p.program.length + (p.module?.length ?? 0);
}

/**
 * The characters of program text a process's start and a program's making cost as much time
 * as, on the coverage build: about a fresh program's own length at the default options (see
 * docs/guided-campaigns.md).
 *
 * @example
 * ```ts
 * processCost; // 2000
 * ```
 */
export const processCost = 2000;
