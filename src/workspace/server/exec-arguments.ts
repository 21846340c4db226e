import { basename } from 'node:path';
import { ApiError } from './api-error.js';

/** Longest single argument the kernel takes (MAX_ARG_STRLEN), in bytes with its NUL. */
const MAX_ARG_BYTES = 128 * 1024;
/** What all arguments and the environment of a command may take together (below ARG_MAX). */
const MAX_ARGS_TOTAL_BYTES = 1024 * 1024;

/**
 * Refuses, as a 400 error naming the argument, what the kernel would refuse to run (in
 * bash mode the words go into a script file, so only NUL bytes matter).
 *
 * @example
 * ```ts
 * checkArguments('echo', ['a\0b'], false); // throws: args[0] contains a NUL byte…
 * ```
 */
export function checkArguments(command: string, args: readonly string[], bash: boolean): void {
  let total = 0;
  for (const [name, value] of [['command', command], ...args.map((a, i) => [`args[${i}]`, a])]) {
    if ((value as string).includes('\0')) {
      throw new ApiError(`${name} contains a NUL byte, which no command can receive`, 400);
    }
    const bytes = Buffer.byteLength(value as string) + 1;
    if (bash) continue;
    if (bytes > MAX_ARG_BYTES) {
      throw new ApiError(
        `${name} is ${bytes - 1} bytes long; one argument can have at most ${MAX_ARG_BYTES - 1} (use bash mode or a file for more)`,
        400,
      );
    }
    total += bytes;
  }
  if (total > MAX_ARGS_TOTAL_BYTES) {
    throw new ApiError(
      `the arguments take ${total} bytes together; at most ${MAX_ARGS_TOTAL_BYTES} are allowed`,
      400,
    );
  }
}

const DELETE_COMMANDS = new Set(['rm', 'rmdir', 'unlink']);
const DELETE_LINE =
  /^\s*(?:rm|rmdir|unlink)(?:\s+[\w./*?[\]{},:+@%^=~-]+)*\s*(?:(?:;|&&|\|\||\n)\s*(?:rm|rmdir|unlink)(?:\s+[\w./*?[\]{},:+@%^=~-]+)*\s*)*;?\s*$/;

/**
 * Whether a command only deletes files (`rm`, `rmdir`, `unlink`, or a bash line of those
 * alone): what a project over its disk quota may still run.
 *
 * @example
 * ```ts
 * onlyDeletes('rm -rf out; rmdir tmp', [], true); // true
 * ```
 */
export function onlyDeletes(command: string, args: readonly string[], bash: boolean): boolean {
  // A program of the project's own named `rm` is not a deletion: only the system's.
  const system = !command.includes('/') || /^\/(usr\/)?bin\/[^/]+$/.test(command);
  if (!bash) return system && DELETE_COMMANDS.has(basename(command));
  if (args.length > 0) return DELETE_COMMANDS.has(command) && args.every((a) => !a.includes('\0'));
  return DELETE_LINE.test(command);
}
