/**
 * An absolute path inside a runtime spec: a `luau-cli` option `path=…` (up to the next `:`, spaces
 * included) or an absolute word of a command template.
 */
const absolutePath = /(?<=path=)\/[^:]+|(?<![\w.])\/[^\s:'"]+/g;

/**
 * Short labels for a campaign's runtime specs, for tables and charts: every absolute path is cut
 * to its last part (`luau-cli:-O2:path=/opt/build/luau` → `luau-cli:-O2:path=…/luau`), or to as
 * many last parts as keep the labels of different specs apart (`…/fmod-fast-sign/luau`). A spec
 * without a path is its own label.
 *
 * @example
 * ```ts
 * runtimeLabels(['luau-cli:path=/a/x/luau', 'luau-cli:path=/a/y/luau']);
 * // ['luau-cli:path=…/x/luau', 'luau-cli:path=…/y/luau']
 * ```
 */
export function runtimeLabels(specs: readonly string[]): string[] {
  const cut = (spec: string, parts: number): string =>
    spec.replace(absolutePath, (path) => {
      const words = path.split('/').filter((w) => w !== '');
      return words.length <= parts ? path : `…/${words.slice(-parts).join('/')}`;
    });
  const deepest = Math.max(1, ...specs.map((s) => s.split('/').length));
  for (let parts = 1; parts < deepest; parts++) {
    const labels = specs.map((s) => cut(s, parts));
    const distinct = new Set(labels).size === new Set(specs).size;
    if (distinct) return labels;
  }
  return [...specs];
}

/**
 * The lines that tell what each short label stands for (`  label = spec`), for the labels
 * that differ from their spec; none when every spec is its own label.
 *
 * @example
 * ```ts
 * runtimeLegend(['luau-cli:path=/opt/build/luau']); // ['  luau-cli:path=…/luau = luau-cli:path=/opt/build/luau']
 * ```
 */
export function runtimeLegend(specs: readonly string[]): string[] {
  const labels = runtimeLabels(specs);
  return specs.flatMap((spec, k) => (labels[k] === spec ? [] : [`  ${labels[k]} = ${spec}`]));
}

/**
 * A text with every runtime spec in it replaced by its label (a finding's signature, say).
 *
 * @example
 * ```ts
 * withRuntimeLabels('mismatch · luau-cli:path=/opt/b/luau: ok', ['luau-cli:path=/opt/b/luau']);
 * // 'mismatch · luau-cli:path=…/luau: ok'
 * ```
 */
export function withRuntimeLabels(text: string, specs: readonly string[]): string {
  const labels = runtimeLabels(specs);
  // Longest spec first, so that a spec that is the start of another is not replaced inside it.
  const order = specs.map((_, k) => k).sort((a, b) => specs[b]!.length - specs[a]!.length);
  let result = text;
  for (const k of order) result = result.replaceAll(specs[k]!, labels[k]!);
  return result;
}
