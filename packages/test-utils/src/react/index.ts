export { mountedRoot, type MountedRoot } from './mounted-root.js';
