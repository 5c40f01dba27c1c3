// The clients of bench/sockets.bench.ts, in a process of their own so that the daemon's memory is
// measured alone: IDLE anonymous readers that only listen, ACTIVE administrators that send a ping
// a second. Tells its parent when all are connected, then, for each probe event, how long after
// its send the last client received it.
import WebSocket from 'ws';

const [url, idleCount, activeCount, cookie] = [process.env.WS_URL!, Number(process.env.IDLE), Number(process.env.ACTIVE), process.env.COOKIE!];
const send = (message: unknown) => process.send?.(message);

/** Per probe id: when it was sent (from its body) and how many clients have it. */
const probes = new Map<string, { sentAt: number; received: number; last: number }>();
let expected = 0;
let closedEarly = 0;

function open(headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; audioUrl?: string; generatedAt?: string };
      if (message.type === 'welcome') resolve(socket);
      if (message.type !== 'latest_news_audio' || !message.audioUrl) return;
      const now = Date.now();
      const id = message.audioUrl;
      const probe = probes.get(id) ?? { sentAt: Date.parse(message.generatedAt!), received: 0, last: 0 };
      probe.received++;
      probe.last = Math.max(probe.last, now - probe.sentAt);
      probes.set(id, probe);
      if (probe.received === expected) {
        send({ type: 'probe', id, lastMs: probe.last });
        probes.delete(id);
      }
    });
    socket.on('close', () => closedEarly++);
    socket.on('error', reject);
  });
}

const idle: WebSocket[] = [];
for (let i = 0; i < idleCount; i += 100) idle.push(...(await Promise.all(Array.from({ length: Math.min(100, idleCount - i) }, () => open({})))));
const active = await Promise.all(Array.from({ length: activeCount }, () => open({ cookie })));
expected = idle.length + active.length;
setInterval(() => {
  for (const socket of active) socket.send(JSON.stringify({ type: 'ping' }));
}, 1_000);
setInterval(() => {
  // A probe no client missed is reported above; one still open after 10 s counts as missed.
  const now = Date.now();
  for (const [id, probe] of probes) {
    if (now - probe.sentAt > 10_000) {
      send({ type: 'probe', id, lastMs: Number.POSITIVE_INFINITY, missing: expected - probe.received });
      probes.delete(id);
    }
  }
  send({ type: 'closed', count: closedEarly });
}, 5_000);
send({ type: 'ready', clients: expected });
