export * from './tree/index.js';
export * from './print/index.js';
export * from '../gen/luau_pb.js';
export * from './arbitrary/index.js';
export * from './runtime/index.js';
export * from './campaign/index.js';
export * from './workspace/index.js';
