import { ConfigurationError } from './errors.js';
import type { ApiVersion } from '../wire/index.js';

/**
 * Reads an API version choice (`v1`, `v2` or `auto`) from an option or the environment;
 * anything else is a {@link ConfigurationError} naming where it came from.
 *
 * @example
 * ```ts
 * parseApiChoice(process.env.WORKSPACE_API, 'WORKSPACE_API'); // 'auto' when unset
 * ```
 */
export function parseApiChoice(value: string | undefined, source: string): ApiVersion | 'auto' {
  if (value === undefined || value === '' || value === 'auto') return 'auto';
  if (value === 'v1' || value === 'v2') return value;
  throw new ConfigurationError(`${source}: unknown API version '${value}' (use v1, v2 or auto)`);
}

/**
 * Splits a base URL that names its API (`…/api/v1`, `…/api/v2`) into the service's base
 * and that version.
 *
 * @example
 * ```ts
 * splitBaseUrl('https://host/api/v2/'); // { base: 'https://host', version: 'v2' }
 * ```
 */
export function splitBaseUrl(url: string): { base: string; version: ApiVersion | undefined } {
  const trimmed = url.replace(/\/+$/, '');
  const m = /\/api\/(v1|v2)$/.exec(trimmed);
  if (m === null) return { base: trimmed, version: undefined };
  return { base: trimmed.slice(0, m.index), version: m[1] as ApiVersion };
}
