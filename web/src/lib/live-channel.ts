// The /ws connection: JSON messages, reconnect after 1 s, 2 s, 4 s… for at most 5
// attempts, the count reset by every successful connection; a deliberate disconnect stops it.

const MAX_RECONNECT_ATTEMPTS = 5;
const FIRST_RECONNECT_DELAY_MS = 1000;

export interface LiveChannelOptions {
  url: string;
  onMessage: (message: { type: string; [field: string]: unknown }) => void;
  onConnectedChange?: (connected: boolean) => void;
  /** For tests: stand-ins for the browser's WebSocket and timers. */
  createSocket?: (url: string) => WebSocket;
  schedule?: (run: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
}

export interface LiveChannel {
  send: (message: unknown) => boolean;
  disconnect: () => void;
}

/** ws://host/ws, or wss:// when the page itself is https. */
export function liveChannelUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

function reconnectDelay(attempt: number): number {
  return FIRST_RECONNECT_DELAY_MS * 2 ** attempt;
}

export function connectLiveChannel(options: LiveChannelOptions): LiveChannel {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  const schedule = options.schedule ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const cancel = options.cancel ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let socket: WebSocket | null = null;
  let attempts = 0;
  let retry: unknown = null;
  let stopped = false;

  const open = (): void => {
    retry = null;
    let current: WebSocket;
    try {
      current = createSocket(options.url);
    } catch (error) {
      console.error('Live channel: could not connect', error);
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      attempts = 0;
      options.onConnectedChange?.(true);
    };
    current.onmessage = (event: MessageEvent) => {
      let message: unknown;
      try {
        message = JSON.parse(String(event.data));
      } catch (error) {
        console.error('Live channel: unreadable message', error);
        return;
      }
      if (message && typeof message === 'object' && typeof (message as { type?: unknown }).type === 'string') {
        options.onMessage(message as { type: string });
      }
    };
    current.onerror = (event: Event) => {
      console.error('Live channel: connection error', event);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      options.onConnectedChange?.(false);
      scheduleReconnect();
    };
  };

  const scheduleReconnect = (): void => {
    if (stopped || attempts >= MAX_RECONNECT_ATTEMPTS) return;
    const delay = reconnectDelay(attempts);
    attempts += 1;
    retry = schedule(open, delay);
  };

  open();

  return {
    send(message) {
      if (socket?.readyState !== 1) return false;
      socket.send(JSON.stringify(message));
      return true;
    },
    disconnect() {
      stopped = true;
      if (retry !== null) cancel(retry);
      const current = socket;
      socket = null;
      if (current) {
        current.onclose = null;
        current.close();
        options.onConnectedChange?.(false);
      }
    },
  };
}
