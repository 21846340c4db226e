import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { needsShared } from '../helpers/shared.js';
import { readFindings, type CampaignSummary } from '../../src/campaign/index.js';
import type { ProgramRecord } from '../../src/campaign/index.js';
import { cliProcess } from '../helpers/cli-process.js';
import { coverageBuildDir, haveCoverageBuild } from '../helpers/coverage-build.js';
import { haveLuauTools, luauToolsDir } from '../helpers/luau-tools.js';
import { required } from '../helpers/required.js';

// A campaign stopped at any moment (Ctrl-C, SIGTERM, kill -9) has every finding it counted on
// disk, in summary.json and in report.html, and `--resume` ends with what a run without a
// stop finds. The stop points are drawn from a seed (LUAU_FUZZ_TEST_SEED for other draws).

const root = mkdtempSync(join(tmpdir(), 'luau-fuzz-stop-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const luau = join(luauToolsDir, 'luau');
const faulty = join(luauToolsDir, 'mutants', 'fmod-fast-sign', 'luau');
const ready = haveLuauTools && required(`the faulty build ${faulty}`, existsSync(faulty));

/** mulberry32: the stop points, the same for the same seed. */
function draws(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
const random = draws(Number(process.env['LUAU_FUZZ_TEST_SEED'] ?? 45));

function lines(dir: string): ProgramRecord[] {
  const path = join(dir, 'results.jsonl');
  if (!existsSync(path)) return [];
  const text = readFileSync(path, 'utf8');
  // A line cut by kill -9 is not counted (the resume drops it).
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as ProgramRecord);
}

/** The programs a campaign has counted as findings. */
function counted(dir: string): number[] {
  return lines(dir)
    .filter((r) => r.finding !== undefined)
    .map((r) => r.i)
    .sort((a, b) => a - b);
}

/** Saved findings, without what depends on timing: signature, programs, shrunk or not. */
function saved(dir: string): { hash: string; occurrences: number[]; shrunk: boolean }[] {
  return readFindings(join(dir, 'findings'))
    .map((f) => ({
      hash: f.hash,
      occurrences: f.occurrences.map((o) => o.index).sort((a, b) => a - b),
      shrunk: f.shrunk.shrunk,
    }))
    .sort((a, b) => a.hash.localeCompare(b.hash));
}

interface Mode {
  readonly name: string;
  readonly count: number;
  readonly args: readonly string[];
  readonly signals: readonly NodeJS.Signals[];
}

/** Every mode shares one workspace folder (one campaign at a time) and shrinks one finding. */
function runArgs(mode: Mode, out: string): string[] {
  return [
    'run',
    '--count',
    String(mode.count),
    '--batch-size',
    '20',
    '--in-flight',
    '1',
    '--timeout',
    '5000',
    '--shrink-findings',
    '1',
    '--shrink-attempts',
    '15',
    // Bounded by attempts only, so that shrinking ends at the same tree every time.
    '--shrink-time',
    '600000',
    ...mode.args,
    '--out',
    out,
    '--workspace-dir',
    join(root, 'workspace'),
    '--json',
  ];
}

async function waitForLines(dir: string, atLeast: number, exited: Promise<unknown>): Promise<void> {
  let finished = false;
  void exited.then(() => (finished = true));
  while (!finished && lines(dir).length < atLeast) await new Promise((r) => setTimeout(r, 25));
}

describe.runIf(ready)('luau-fuzz run, stopped anywhere', needsShared, () => {
  const script = join(root, 'faulty.sh');
  // A build that crashes on every program with a loop of one of three kinds (a signal each)
  // and otherwise runs the real one.
  writeFileSync(
    script,
    '#!/bin/sh\n' +
      `if grep -q 'repeat' "$1"; then kill -SEGV $$; fi\n` +
      `if grep -q 'while' "$1"; then kill -ABRT $$; fi\n` +
      `if grep -q 'for ' "$1"; then kill -BUS $$; fi\n` +
      `exec ${luau} -O2 "$1"\n`,
  );
  chmodSync(script, 0o755);
  const diff = [
    '--level',
    'runnable',
    '--profile',
    'luau',
    '--seed',
    '3',
    // The sound build beside one whose math.fmod fast call ignores the dividend's sign.
    '--diff',
    `luau-cli:-O2:path=${luau}`,
    `luau-cli:-O2:path=${faulty}`,
  ];
  const modes: Mode[] = [
    {
      name: 'blind',
      count: 120,
      args: ['--level', 'syntax', '--seed', '61', '--runtime', `command:${script} {program}`],
      signals: ['SIGINT', 'SIGKILL'],
    },
    { name: 'differential', count: 160, args: diff, signals: ['SIGTERM', 'SIGKILL'] },
  ];
  if (haveCoverageBuild)
    modes.push({
      name: 'guided',
      count: 120,
      args: [...diff, '--guided', `luau-cli:-O2:path=${join(coverageBuildDir, 'luau')}`],
      signals: ['SIGINT'],
    });

  for (const mode of modes) {
    it(`keeps every finding of a ${mode.name} campaign and resumes to an uninterrupted run's (${mode.signals.join(', ')})`, async () => {
      const reference = join(root, `${mode.name}-reference`);
      const whole = await cliProcess(runArgs(mode, reference)).done;
      expect(whole.code, whole.stderr).toBe(3);
      const expected = saved(reference);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.flatMap((f) => f.occurrences).sort((a, b) => a - b)).toEqual(
        counted(reference),
      );

      for (const signal of mode.signals) {
        const dir = join(root, `${mode.name}-${signal}`);
        // Anywhere from the first batches to the end, shrinking included.
        const at = 10 + Math.floor(random() * mode.count);
        const run = cliProcess(runArgs(mode, dir));
        await waitForLines(dir, at, run.done);
        run.child.kill(signal);
        const stopped = await run.done;
        const where = `${signal} after ${at} programs: ${stopped.stderr}`;
        if (signal === 'SIGKILL') expect(stopped.code, where).toBeNull();
        // Stopped (130), or done already when the signal came (3: findings).
        else expect([130, 3], where).toContain(stopped.code);
        if (stopped.code === 130)
          expect(JSON.parse(stopped.stdout) as CampaignSummary).toMatchObject({ stopped: true });

        // Every finding counted is saved, in summary.json and in report.html.
        const found = counted(dir);
        const onDisk = saved(dir);
        const savedIndices = new Set(onDisk.flatMap((f) => f.occurrences));
        expect(
          found.filter((i) => !savedIndices.has(i)),
          where,
        ).toEqual([]);
        if (found.length > 0) {
          const summary = JSON.parse(
            readFileSync(join(dir, 'summary.json'), 'utf8'),
          ) as CampaignSummary;
          const inSummary = new Set(
            summary.findings.flatMap((f) => f.occurrences.map((o) => o.index)),
          );
          expect(
            found.filter((i) => !inSummary.has(i)),
            where,
          ).toEqual([]);
          const report = readFileSync(join(dir, 'report.html'), 'utf8');
          for (const f of onDisk) expect(report, where).toContain(f.hash);
        }

        const resumed = await cliProcess([
          'run',
          '--resume',
          dir,
          '--workspace-dir',
          join(root, 'workspace'),
          '--json',
        ]).done;
        expect(resumed.code, resumed.stderr).toBe(3);
        expect(saved(dir), where).toEqual(expected);
      }
    }, 900_000);
  }
});
