// The wire contract: request, response and live-message types shared by the server, web, CLI and TUI.
export * from './audio.js';
export * from './generator.js';
export * from './jobs.js';
export * from './status.js';
export * from './auth.js';
export * from './domains.js';
export * from './live.js';
export * from './logs.js';
export * from './webhooks.js';
export * from './public.js';
export * from './settings.js';
export * from './trends.js';
export * from './endpoints.js';
