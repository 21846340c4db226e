// The workspace API's wire format: what the client sends and reads and the server reads and
// answers, defined once for both sides: a schema per body, a definition per error.
export { AccountRecord, DEFAULT_EDITOR_SETTINGS, EDITOR_SETTING_TYPES } from './account.js';
export { EditorSettings } from './account.js';
export { BODY_LIMITS, DEFAULT_EXEC_TIMEOUTS, type ApiVersion } from './api-version.js';
export { platformErrors, v1Errors, v2Errors, type ErrorKind, type WireError } from './errors.js';
export { ProjectGroup, ProjectRecord, ProjectState, UPGRADE_FIELDS } from './project.js';
export { ProjectUpgrades, ProjectUser } from './project.js';
export { type PublicPathRecord } from './project.js';
export { readError, type ReadError } from './read-error.js';
export { AggregateValue, ErrorResponse, ExecOutput, ExecRequest, ExecResponse } from './v1.js';
export { PingRequest, PongResponse, QueryAnswer, QueryRequest } from './v1.js';
export { type QueryOption, type QueryResponse } from './v1.js';
export { AsyncJob, BlockingExec, ExecV2Request, ExecV2Response } from './v2.js';
export { HUB_LIMIT_MS, ProjectActionResponse, UserQueryResponse } from './v2.js';
