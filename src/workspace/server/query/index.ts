// The `query` operation (v1 `query`, v2 `user-query`): its rules, tables and access checks.
export { type QueryContext } from './context.js';
export { ACTIVE_WINDOW_MS } from './projects.js';
export { runQuery } from './run-query.js';
export { hasNull } from './values.js';
