// The /ws live channel's messages: one EventMap for the bus, the hub,
// the web hook, the CLI and the dashboard.
export type { EventMap, EventType, LiveMessage, LogEntryEvent } from '../services/events.js';

/** The hub's first message to every client. */
export interface WelcomeMessage {
  type: 'welcome';
  isAdmin: boolean;
}
