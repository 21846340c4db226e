#!/usr/bin/env node
// The built CLI (dist/, which the package ships and `npm pack` builds); in a clone, where
// nothing is built on install, the sources through tsx (a development dependency).
import { existsSync } from 'node:fs';
import { URL } from 'node:url';

// A reader that stops early (`luau-fuzz gen --out - | head`) ends the output, not in a crash.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(process.exitCode ?? 0);
});

const built = new URL('../dist/src/cli/main.js', import.meta.url);
let cli;
if (existsSync(built)) {
  cli = await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import(new URL('../src/cli/main.ts', import.meta.url).href);
}
process.exitCode = await cli.main(process.argv.slice(2));
