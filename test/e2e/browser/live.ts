// Waiting for the page's /ws connection to the daemon.
import type { Page } from 'playwright-core';

/** Resolves once the page's live channel has received the daemon's welcome message. Call before goto. */
export function liveWelcome(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().endsWith('/ws')) return;
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"welcome"')) resolve();
      });
    });
  });
}
