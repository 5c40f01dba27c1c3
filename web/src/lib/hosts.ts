// Host names as people read them: the rules the server uses too (one module, no Node imports).
export { readableAddress, readableHost } from '../../../src/shared/readable-host.js';
