// Runs the dashboard until the operator quits: the store reads and subscribes, Ink draws.
import { createElement } from 'react';
import { render } from 'ink';
import type { Client } from '../client/index.js';
import { App } from './App.js';
import { DashStore } from './store.js';

export async function runDashboard(client: Client): Promise<void> {
  const store = new DashStore(client);
  // Ink caps its own frame rate too; the store's throttle already coalesces message bursts.
  const instance = render(createElement(App, { store }), { exitOnCtrlC: true, patchConsole: true, maxFps: 10 });
  await store.start();
  try {
    await instance.waitUntilExit();
  } finally {
    store.close();
  }
}
