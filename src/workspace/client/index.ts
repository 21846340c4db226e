export { WorkspaceClient } from './client.js';
export type { WorkspaceClientOptions } from './options.js';
export type { RetryEvent } from './transport.js';
export type { QueryCallOptions } from './versioned-api.js';
export { parseApiChoice, splitBaseUrl } from './api-version.js';
export {
  AccessDeniedError,
  AsyncJobLostError,
  AuthenticationError,
  classifyServerError,
  ConfigurationError,
  ExecTimeoutError,
  GatewayError,
  HttpError,
  HubTimeoutError,
  InvalidRequestError,
  NetworkError,
  NonZeroExitError,
  ProjectStartingError,
  QuotaExceededError,
  RequestTimeoutError,
  RequestTooLargeError,
  WorkspaceError,
  type WorkspaceErrorDetails,
} from './errors.js';
// The wire format's types and limits are part of the client's API.
export * from '../wire/index.js';
