// A /ws client for tests: collects every message and resolves once the server's welcome arrived.
import WebSocket from 'ws';

export interface LiveSocket {
  socket: WebSocket;
  messages: Record<string, unknown>[];
}

export function openLiveSocket(baseUrl: string, headers: Record<string, string> = {}): Promise<LiveSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws`, { headers });
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as Record<string, unknown>;
      messages.push(message);
      if (message.type === 'welcome') resolve({ socket, messages });
    });
    socket.on('error', reject);
  });
}
