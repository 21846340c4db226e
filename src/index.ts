// The light library: trees, printers, arbitraries and the generated schema types. The runtime,
// campaign and workspace client/server are subpath exports (`luau-fuzz/runtime`,
// `luau-fuzz/campaign`, `luau-fuzz/workspace/client`, `luau-fuzz/workspace/server`), so that
// `import 'luau-fuzz'` loads neither the HTTP framework nor the SQLite driver.
export * from './tree/index.js';
export * from './print/index.js';
export * from '../gen/luau_pb.js';
export * from './arbitrary/index.js';
