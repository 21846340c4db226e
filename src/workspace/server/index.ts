export {
  startWorkspaceServer,
  type WorkspaceServer,
  type WorkspaceServerOptions,
} from './server.js';
export {
  bootstrapWorkspace,
  defaultDataDir,
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
export { probeSandbox, type SandboxCapabilities } from './sandbox.js';
export { ApiError, messages } from './api-error.js';
