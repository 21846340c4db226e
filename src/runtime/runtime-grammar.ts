import { grammar715, grammars, type AnyGrammar } from '../tree/index.js';
import { parseRuntime, type RuntimeProfile } from './profile.js';

/**
 * Whether the `--fflags` options turn on the flag `name` (`Name` or `Name=true`), read in order
 * as the Luau CLI reads them: `true` and `false` set every flag whose name starts with `Luau`.
 */
function flagOn(options: readonly string[], name: string): boolean {
  let on = false;
  for (const option of options) {
    if (!option.startsWith('--fflags=')) continue;
    for (const element of option.slice('--fflags='.length).split(',')) {
      const [key = '', value] = element.split('=', 2);
      if (value === undefined && /^(true|false)$/i.test(key)) {
        if (name.startsWith('Luau')) on = key.toLowerCase() === 'true';
      } else if (key === name) on = value === undefined || /^true$/i.test(value);
    }
  }
  return on;
}

/**
 * Whether a runtime can compile the programs of `grammar`, as far as its spec says: luau-web
 * compiles the seed's grammar only; a `luau-cli` (or `luau-735`) every grammar whose flags its
 * `--fflags` turn on (that its executable is of a release that has them is checked when a
 * campaign starts); a command any grammar.
 *
 * @example
 * ```ts
 * runtimeTakes(parseRuntime('luau-735:-O2'), grammar735); // true
 * runtimeTakes(parseRuntime('luau-cli:-O2'), grammar735); // false: no class flags
 * ```
 */
export function runtimeTakes(profile: RuntimeProfile, grammar: AnyGrammar): boolean {
  switch (profile.kind) {
    case 'luau-web':
      return grammar === grammar715;
    case 'luau-cli':
      return grammar.flags.every((flag) => flagOn(profile.options, flag.replace(/=.*/, '')));
    case 'command':
      return true;
  }
}

/**
 * The grammar of programs for `specs`: the newest one that a runtime implies (a `luau-cli`
 * whose flags turn it on, such as `luau-735`) and that every runtime takes; the seed's
 * otherwise (luau-web, a `luau-cli` without flags, commands alone).
 *
 * @example
 * ```ts
 * grammarOfRuntimes(['luau-735:path=/opt/luau-735/luau:-O0', 'luau-735:path=/opt/luau-735/luau:-O2']); // grammar735
 * grammarOfRuntimes(['luau-735:-O2', 'luau-cli:path=/opt/luau-715/luau:-O2']); // grammar715
 * ```
 */
export function grammarOfRuntimes(specs: readonly string[]): AnyGrammar {
  const profiles = specs.map(parseRuntime);
  const implied = [...grammars]
    .reverse()
    .find(
      (g) =>
        profiles.some((p) => p.kind === 'luau-cli' && g.flags.length > 0 && runtimeTakes(p, g)) &&
        profiles.every((p) => runtimeTakes(p, g)),
    );
  return implied ?? grammar715;
}
