// The spider's part of the status object (spec 001 §3): the live run, else the last one as saved.
export { spiderStatus as spiderStatusFields, type SpiderStatusFields } from './controller.js';
