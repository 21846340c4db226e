import type { DescFile } from '@bufbuild/protobuf';
import type { TreeStats } from '../tree/index.js';
import type { CaseCoverage, ErrorCount, ValidityReport } from './validity-report.js';

/**
 * What a validity check counts as its sample goes: tree sizes, the oneof cases each tree
 * holds, outcomes by status and errors by message (with the first program that gave each).
 *
 * @example
 * ```ts
 * const tally = new ValidityTally();
 * tally.addTree(treeStats(ModuleSetSchema, tree));
 * tally.addStatus('ok');
 * tally.addError('attempt to call a nil value', source);
 * ```
 */
export class ValidityTally {
  /** Outcomes by status. */
  readonly statuses: Record<string, number> = {};
  /** Trees in which each `Message.oneof=case` occurs. */
  readonly caseTrees: Record<string, number> = {};
  private readonly errorCounts = new Map<string, ErrorCount>();
  private nodeSum = 0;
  private maxNodes = 0;

  /** Counts one tree's size and cases. */
  addTree(stats: TreeStats): void {
    this.nodeSum += stats.nodes;
    this.maxNodes = Math.max(this.maxNodes, stats.nodes);
    for (const key of Object.keys(stats.cases))
      this.caseTrees[key] = (this.caseTrees[key] ?? 0) + 1;
  }

  /** Counts one outcome. */
  addStatus(status: string): void {
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
  }

  /** Counts one error; `example` stands for the message if it is the first to give it. */
  addError(message: string, example: string): void {
    const entry = this.errorCounts.get(message) ?? { message, count: 0, example };
    entry.count++;
    this.errorCounts.set(message, entry);
  }

  /** Error messages, most frequent first. */
  errors(): ErrorCount[] {
    return [...this.errorCounts.values()].sort((a, b) => b.count - a.count);
  }

  /** Mean and largest tree size of `count` trees. */
  nodes(count: number): ValidityReport['nodes'] {
    return { mean: this.nodeSum / count, max: this.maxNodes };
  }

  /** The report of a check of `sample.count` programs of `file`'s schema, with its counts. */
  report(
    file: DescFile,
    sample: Pick<ValidityReport, 'level' | 'profile' | 'seed' | 'count'>,
    counts: Pick<ValidityReport, 'parsed' | 'compiled' | 'ran' | 'sameOutput'>,
  ): ValidityReport {
    return {
      ...sample,
      ...counts,
      statuses: this.statuses,
      errors: this.errors(),
      coverage: this.coverage(file),
      nodes: this.nodes(sample.count),
    };
  }

  /** Every oneof case of a schema with the number of trees that hold it. */
  coverage(file: DescFile): CaseCoverage[] {
    return file.messages.flatMap((desc) =>
      desc.oneofs.flatMap((oneof) =>
        oneof.fields.map((field) => {
          const key = `${desc.name}.${oneof.name}=${field.name}`;
          return { key, trees: this.caseTrees[key] ?? 0 };
        }),
      ),
    );
  }
}
