export {
  isLoopback,
  startWorkspaceServer,
  type WorkspaceServer,
  type WorkspaceServerOptions,
} from './server.js';
export {
  bootstrapWorkspace,
  defaultDataDir,
  LOCAL_ALLOWANCE,
  startEmbeddedWorkspace,
  KEY_FILE,
  type BootstrapResult,
  type EmbeddedWorkspace,
  type EmbeddedWorkspaceOptions,
} from './bootstrap.js';
export {
  adminAddCollaborator,
  adminCreateAccount,
  adminCreateProject,
  adminList,
  adminSetAllowance,
} from './admin.js';
export {
  openStore,
  WorkspaceStore,
  DATABASE_FILE,
  type StoredAccount,
  type StoredProject,
  type StoredPublicPath,
} from './store.js';
export { DEFAULT_QUOTAS, effectiveQuotas, type ProjectQuotas } from './quotas.js';
export { canIsolateNetwork, probeSandbox, type SandboxCapabilities } from './sandbox.js';
export { execAnswer } from './app.js';
export type { ExecOutcome, ExecParams } from './exec-outcome.js';
export { ApiError, messages } from './api-error.js';
