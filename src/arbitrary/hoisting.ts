import fc from 'fast-check';

/**
 * Wraps a recursive arbitrary so that shrinking first tries to replace a value by one of its
 * descendants of the same kind (a statement by a statement nested in it, an expression by a
 * sub-expression). fast-check's own shrinkers only make parts smaller in place; hoisting is
 * what lets a construct buried under several levels shrink to a small tree. Hoisted values
 * keep shrinking without context, so `inner` must be able to (arbitraries built with
 * `map(mapper, unmapper)` can).
 *
 * @example
 * ```ts
 * const stat = hoisting(rawStat, (s) => nestedStats(s));
 * ```
 */
export function hoisting<T>(
  inner: fc.Arbitrary<T>,
  descendants: (value: T) => Iterable<T>,
): fc.Arbitrary<T> {
  return new HoistingArbitrary(inner, descendants);
}

class HoistingArbitrary<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly inner: fc.Arbitrary<T>,
    private readonly descendants: (value: T) => Iterable<T>,
  ) {
    super();
  }

  override generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    return this.inner.generate(mrng, biasFactor);
  }

  override canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }

  override shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    const inner = this.inner;
    const descendants = this.descendants;
    function* hoisted(): IterableIterator<fc.Value<T>> {
      for (const d of descendants(value)) {
        if (inner.canShrinkWithoutContext(d)) yield new fc.Value(d, undefined);
      }
    }
    return fc
      .stream(hoisted())
      .join(
        context === undefined && !inner.canShrinkWithoutContext(value)
          ? fc.Stream.nil<fc.Value<T>>()
          : inner.shrink(value, context),
      );
  }
}
