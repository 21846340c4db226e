import { existsSync } from 'node:fs';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/**
 * A reporter that says once, at the end of a run, how many tests tagged `shared` were skipped
 * and why: `../shared` is absent (a clone of its own), or some of its tools are.
 *
 * @example
 * ```ts
 * defineConfig({ test: { reporters: ['default', new SharedSkips('../shared')] } });
 * ```
 */
export class SharedSkips implements Reporter {
  private vitest: Vitest | undefined;

  constructor(private readonly dir: string) {}

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    // A name or tag filter skips tests too, and they look alike: a filtered run says nothing.
    const config = this.vitest?.config;
    if (config?.testNamePattern !== undefined || config?.tagsFilter !== undefined) return;
    let skipped = 0;
    for (const module of modules)
      for (const test of module.children.allTests())
        if (test.tags.includes('shared') && test.result().state === 'skipped') skipped++;
    if (skipped === 0) return;
    const why = existsSync(this.dir)
      ? `some of ${this.dir} is missing`
      : `${this.dir} is absent (a clone of its own has none)`;
    const tests =
      skipped === 1
        ? '1 test that needs its Luau tools or reference data was'
        : `${skipped} tests that need its Luau tools or reference data were`;
    this.vitest?.logger.log(`${why}: ${tests} skipped (under CI they fail instead)`);
  }
}
