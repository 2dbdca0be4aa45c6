export type * from './types.js';
export * from './api.js';
export * from './paths.js';
export * from './image-pool.js';
export * from './guide.js';
export * from './forecast.js';
export * from './search.js';
export * from './publication.js';
export * from './seed/index.js';
