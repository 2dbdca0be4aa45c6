export type * from './types.js';
export * from './api.js';
export * from './paths.js';
export * from './image-pool.js';
