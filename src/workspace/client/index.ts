export { WorkspaceClient } from './client.js';
export type { WorkspaceClientOptions } from './options.js';
export type { RetryEvent } from './transport.js';
export type { QueryCallOptions } from './versioned-api.js';
export { parseApiChoice, splitBaseUrl } from './api-version.js';
export { AccessDeniedError, AsyncJobLostError, AuthenticationError } from './errors.js';
export { classifyServerError, ConfigurationError, ExecTimeoutError } from './errors.js';
export { GatewayError, HttpError, HubTimeoutError, InvalidRequestError } from './errors.js';
export { MalformedAnswerError } from './errors.js';
export { NetworkError, NonZeroExitError, ProjectStartingError } from './errors.js';
export { QuotaExceededError, RequestTimeoutError, RequestTooLargeError } from './errors.js';
export { WorkspaceError, type WorkspaceErrorDetails } from './errors.js';
// The wire format's types and limits are part of the client's API.
export * from '../wire/index.js';
