export { runCampaign } from './campaign.js';
export type { CampaignTarget, RunCampaignArgs } from './campaign.js';
export { CampaignError } from './campaign-error.js';
export { packBatches } from './batches.js';
export { freshPrograms } from './program-source.js';
export type { ProgramSource } from './program-source.js';
export type { CampaignSummary } from './summary.js';
export type { CampaignSnapshot } from './tally.js';
export { anyDiffer, classifyOutcomes, crashSignature, isCheckerFinding } from './classify.js';
export { normalizeMessage, outcomesDiffer } from './classify.js';
export type { CheckerFindingKind, CheckOutcome, FindingKind } from './classify.js';
export { findingSignature, reproduces, runtimeGroups, triageFindings } from './triage.js';
export type { TriageGroup, TriageItem } from './triage.js';
export { compareShrunk, findingHash, readFindingRecord, readFindings } from './findings.js';
export { saveFinding, updateShrunk } from './findings.js';
export {
  CampaignProgress,
  FindingFile,
  FindingOccurrence,
  ProgramRecord,
} from './campaign-formats.js';
export { ProgressSample, RuntimeGroup } from './campaign-formats.js';
export type { FindingRecord, FindingToSave, ShrunkProgram } from './findings.js';
export type { ProgramSize } from './findings.js';
export { campaignSettingTable, CampaignOptionsError, GuidedSettings } from './options.js';
export { OptionsFile, readCampaignOptions, writeCampaignOptions } from './options.js';
export { resolveCampaignOptions, shrinkShare, unlimitedCount } from './options.js';
export { durationMs } from './duration.js';
export { PendingIndices } from './pending-indices.js';
export type { IndexQueue } from './pending-indices.js';
export type { CampaignOptions, GeneratorChange } from './options.js';
export type { ResolvedCampaignOptions } from './options.js';
export { campaignArbitrary, campaignProgram, generatePrograms, sourcesOf } from './programs.js';
export { campaignGrammar } from './programs.js';
export { ProgramGenerator } from './program-generator.js';
export type { ProgramGeneratorOptions } from './program-generator.js';
export type { CampaignProgram } from './programs.js';
export { NoProjectError, ProjectPool } from './projects.js';
export type { BatchResult, ProjectEvent, ProjectPoolOptions, PoolProject } from './projects.js';
export { formatSummary, reportHtml, reproduceCommands, writeReport } from './report.js';
export { comparedCourse, rewriteReport } from './report-compare.js';
export { courseLabel } from './guided-report.js';
export type { ComparedCourse } from './guided-report.js';
export { curvesSvg } from './curves-chart.js';
export type { Curve } from './curves-chart.js';
export { shrinkProgram } from './shrink.js';
export type { ShrinkOptions, ShrinkResult } from './shrink.js';
export { CampaignStore, CampaignStoreError, GeneratorVersionError } from './store.js';
export type { ResumeOptions } from './store.js';
export type { RecordEntry } from './store.js';
export { publishFindings } from './publish.js';
export { runTreeRemotely, runTreesRemotely, shrinkRemotely } from './remote-shrink.js';
export { reduceStatements } from './reduce.js';
export type { ReduceOptions, ReduceResult } from './reduce.js';
export type { RemoteShrinkArgs, RemoteShrinkResult } from './remote-shrink.js';
export { checkValidity, validitySettings } from './validity-report.js';
export { ValidityTally } from './validity-tally.js';
export {
  assertChecker,
  checkerErrors,
  checkerReports,
  diagnosticLine,
  diagnosticMessage,
  isErrorDiagnostic,
} from './type-check.js';
export {
  checkerCommand,
  checkerModeFlags,
  disagreement,
  judgeReport,
  parseChecker,
  typeCheck,
} from './type-check.js';
export type { CheckerMode, CheckerSpec, TypeCheckOptions } from './type-check.js';
export type { CheckedProgram } from './type-check.js';
export { shrinkCheckerFinding } from './checker-shrink.js';
export {
  checkerCause,
  constructAt,
  detailCause,
  errorCause,
  falsePositiveCauses,
  falsePositiveErrors,
} from './checker-cause.js';
export { otherCauses, shrinkCauses } from './checker-causes.js';
export type { ShrinkCausesOptions } from './checker-causes.js';
export { checkerBugs } from './checker-bugs.js';
export type { CheckerBug } from './checker-bugs.js';
export { describeBug, intendedRules, triageCheckerBugs } from './checker-triage.js';
export type { BugVerdict, IntendedRule, TriageChecker, TriagedBug } from './checker-triage.js';
export type { CheckerShrinkArgs, CheckerShrinkResult } from './checker-shrink.js';
export type { CaseCoverage, ErrorCount, ValidityCheckOptions } from './validity-report.js';
export type { ValidityReport } from './validity-report.js';
export { profileOfRuntimes } from './runtimes-profile.js';
