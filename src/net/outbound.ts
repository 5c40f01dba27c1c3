// Outbound calls that a user's setting or a model's answer aims (a music API, an image URL in a
// provider's answer, webhooks) go through the crawler's guard like every crawl request: private and
// loopback addresses refused unless NEWSCTL_ALLOW_PRIVATE_NETWORKS lists them, redirects re-checked,
// bodies streamed under a size cap and a time limit. What such a call reports of a failure is its
// status and host, never the answer's body (it could be anything, from anyone).
import { lookup as dnsLookup } from 'node:dns/promises';
import { classifyHost, createAddressPolicy } from './address-policy.js';
import { FetchError, HttpStatusError } from './errors.js';
import { createGuardedClient, type GuardedClient, type Resolver } from './guarded-client.js';

export interface OutboundSettings {
  userAgent: string;
  allowPrivateNetworks: readonly string[];
}

/** A guarded client for one kind of outbound call; close it when done (it pools connections). */
export function createOutboundClient(settings: OutboundSettings, options: { maxBodyBytes: number; totalTimeoutMs: number; lookup?: Resolver }): GuardedClient {
  return createGuardedClient({
    userAgent: settings.userAgent,
    allowPrivateNetworks: settings.allowPrivateNetworks,
    maxBodyBytes: options.maxBodyBytes,
    maxDecompressedBytes: options.maxBodyBytes,
    totalTimeoutMs: options.totalTimeoutMs,
    readTimeoutMs: Math.min(60_000, options.totalTimeoutMs),
    acceptedContentTypes: ['*/*'],
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
}

/** A failure as it may be shown and logged: the host and what went wrong, no answer body. */
export function describeOutboundFailure(error: unknown, url: string): string {
  let host = '';
  try {
    host = new URL(url).host;
  } catch {
    host = 'the configured address';
  }
  if (error instanceof HttpStatusError) return `${host} answered HTTP ${error.status}`;
  if (error instanceof FetchError) return `${host}: ${error.message}`;
  return `${host}: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * Why an address a setting names would be refused, or null when it may be called. Checked when the
 * setting is saved, so a refused endpoint is a 400 then rather than a failure hours later; the guard
 * still judges the address again at each connect (DNS may change).
 */
export async function refusedOutboundUrl(
  raw: string,
  settings: Pick<OutboundSettings, 'allowPrivateNetworks'>,
  resolve: Resolver = defaultResolve,
): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `"${raw.slice(0, 200)}" is not a URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${url.protocol} addresses are not allowed (http or https only)`;
  const policy = createAddressPolicy(settings.allowPrivateNetworks);
  const host = classifyHost(url.hostname);
  if (host.kind === 'invalid') return `${url.hostname} is not a valid host (${host.reason})`;
  const addresses =
    host.kind === 'ip'
      ? [host.ip.text]
      : await resolve(url.hostname).then(
          (found) => found.map((a) => a.address),
          // A name that does not resolve now may later; the guard judges it at each connect.
          () => [],
        );
  for (const address of addresses) {
    const verdict = policy.judge(address);
    if (!verdict.allowed) {
      return `${url.host} is a ${verdict.range} address (${verdict.address}), which newsctl does not call unless NEWSCTL_ALLOW_PRIVATE_NETWORKS lists it`;
    }
  }
  return null;
}

const defaultResolve: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};
