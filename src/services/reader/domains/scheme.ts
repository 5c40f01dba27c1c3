// Which scheme a typed address means. A bare host name means https, as it does in a browser's
// address bar; but a site named by its port or its IP address (`127.0.0.2:8871`, `10.0.0.5`) is as
// often a plain-http server, so that is asked of the site itself: https first, then http.
import type { Config } from '../../../config.js';
import { createOutboundClient, FetchError, HttpStatusError } from '../../../net/index.js';

const PROBE_TIMEOUT_MS = 4_000;

/** An entry without a scheme that names a port or an IP address: the one kind worth probing. */
export function schemeIsUncertain(input: string): boolean {
  const trimmed = input.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return false;
  const authority = trimmed.split(/[/?#]/)[0]!;
  return /:\d+$/.test(authority) || /^\d{1,3}(\.\d{1,3}){3}$/.test(authority) || authority.startsWith('[');
}

/** Whether anything answers HTTP at this address (any status counts: the server is there). */
async function answers(client: ReturnType<typeof createOutboundClient>, url: string): Promise<boolean> {
  try {
    await client.fetch(url, { method: 'GET', maxBodyBytes: 64 * 1024 });
    return true;
  } catch (error) {
    if (error instanceof HttpStatusError) return true;
    if (error instanceof FetchError) return false;
    return false;
  }
}

/**
 * `https:` or `http:`, whichever the site at host[:port] answers (https preferred); null when neither
 * answers or the address is one the crawler may not call (the caller keeps https then).
 */
export async function probeScheme(config: Pick<Config, 'userAgent' | 'allowPrivateNetworks'>, hostAndPort: string): Promise<'https:' | 'http:' | null> {
  const client = createOutboundClient(config, { maxBodyBytes: 64 * 1024, totalTimeoutMs: PROBE_TIMEOUT_MS });
  try {
    if (await answers(client, `https://${hostAndPort}/`)) return 'https:';
    if (await answers(client, `http://${hostAndPort}/`)) return 'http:';
    return null;
  } finally {
    client.close();
  }
}
