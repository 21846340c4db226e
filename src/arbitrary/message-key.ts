/**
 * The key of a message's arbitrary: its name in lowerCamel case (`StatBlock` → `statBlock`).
 *
 * @example
 * ```ts
 * messageKey('ModuleSet'); // 'moduleSet'
 * ```
 */
export function messageKey(messageName: string): string {
  return messageName.charAt(0).toLowerCase() + messageName.slice(1);
}
