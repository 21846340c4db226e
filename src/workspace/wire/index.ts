// The workspace API's wire format: what the client sends and reads and the server reads and
// answers, defined once for both sides.
export { DEFAULT_EDITOR_SETTINGS, EDITOR_SETTING_TYPES, type AccountRecord } from './account.js';
export { type EditorSettings } from './account.js';
export { BODY_LIMITS, DEFAULT_EXEC_TIMEOUTS, type ApiVersion } from './api-version.js';
export { UPGRADE_FIELDS, type ProjectGroup, type ProjectRecord } from './project.js';
export { type ProjectState, type ProjectUpgrades, type ProjectUser } from './project.js';
export { type PublicPathRecord } from './project.js';
export { type AggregateValue, type ErrorResponse, type ExecRequest } from './v1.js';
export { type ExecResponse, type PongResponse, type QueryOption } from './v1.js';
export { type QueryResponse } from './v1.js';
export { HUB_LIMIT_MS, type AsyncJob, type ExecV2Response } from './v2.js';
