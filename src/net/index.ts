// Outbound HTTP: the one guarded client every request newsctl makes on behalf of a crawl, a user's
// setting or a model's answer goes through, and the address rules it enforces.
export * from './errors.js';
export * from './address-policy.js';
export * from './charset.js';
export * from './content-type.js';
export * from './retry-after.js';
export * from './guarded-client.js';
export * from './outbound.js';
