/**
 * Inputs on which Luau's `table.sort` gives up quicksort for heapsort. Its introsort takes the
 * median of three as pivot and allows each partition three quarters of its parent's budget
 * (starting from the length); an input that makes every partition peel off a few elements
 * exhausts the budget. McIlroy's adversary ("A Killer Adversary for Quicksort", 1999) finds one:
 * it runs the sort with values decided lazily, fixing a value only when a comparison needs it,
 * so that the candidate pivot is always small.
 */

/** Luau's `sort_rec` (VM/src/ltablib.cpp) over `a`, comparing with `less`. */
function luauSort(a: number[], less: (x: number, y: number) => boolean): { heap: boolean } {
  const state = { heap: false };
  const lt = (i: number, j: number) => less(a[i]!, a[j]!);
  const swap = (i: number, j: number) => {
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  };
  const rec = (lo: number, hi: number, budget: number): void => {
    let l = lo;
    let u = hi;
    let limit = budget;
    while (l < u) {
      if (limit === 0) {
        // The heapsort itself does not matter here: only that it was reached.
        state.heap = true;
        a.splice(l, u - l + 1, ...a.slice(l, u + 1).sort((x, y) => (less(x, y) ? -1 : 1)));
        return;
      }
      if (lt(u, l)) swap(u, l);
      if (u - l === 1) break;
      const m = l + ((u - l) >> 1);
      if (lt(m, l)) swap(m, l);
      else if (lt(u, m)) swap(m, u);
      if (u - l === 2) break;
      const p = u - 1;
      swap(m, u - 1);
      let i = l;
      let j = u - 1;
      for (;;) {
        while (lt(++i, p)) if (i >= u) throw new Error('invalid order');
        while (lt(p, --j)) if (j <= l) throw new Error('invalid order');
        if (j < i) break;
        swap(i, j);
      }
      swap(p, i);
      limit = (limit >> 1) + (limit >> 2);
      if (i - l < u - i) {
        rec(l, i - 1, limit);
        l = i + 1;
      } else {
        rec(i + 1, u, limit);
        u = i - 1;
      }
    }
  };
  rec(0, a.length - 1, a.length);
  return state;
}

const cache = new Map<number, number[]>();

/**
 * A permutation of `1..n` that drives Luau's `table.sort` (ascending, by `<`) into its heapsort
 * fallback.
 *
 * @example
 * ```ts
 * const values = heapForcing(32); // table.sort on these reaches sort_heap
 * ```
 */
export function heapForcing(n: number): number[] {
  const hit = cache.get(n);
  if (hit !== undefined) return hit;
  const gas = n + 1;
  const val = new Array<number>(n).fill(gas);
  let solid = 0;
  let candidate = -1;
  const freeze = (x: number) => {
    val[x] = ++solid;
  };
  const less = (x: number, y: number): boolean => {
    if (val[x] === gas && val[y] === gas) freeze(x === candidate ? x : y);
    if (val[x] === gas) candidate = x;
    else if (val[y] === gas) candidate = y;
    return val[x]! < val[y]!;
  };
  luauSort(
    Array.from({ length: n }, (_, i) => i),
    less,
  );
  for (let x = 0; x < n; x++) if (val[x] === gas) freeze(x);
  cache.set(n, val);
  return val;
}

/**
 * Whether Luau's `table.sort` reaches heapsort on `values` (ascending, by `<`).
 *
 * @example
 * ```ts
 * reachesHeap(heapForcing(32)); // true
 * ```
 */
export function reachesHeap(values: number[]): boolean {
  return luauSort([...values], (x, y) => x < y).heap;
}
