// Host names between people and storage: shown in Unicode where that is safe (src/shared/readable-host.ts,
// shared with the web app), typed in Unicode and stored in their ASCII form.
import { domainToASCII } from 'node:url';

export { readableAddress, readableHost } from '../../../shared/readable-host.js';

/**
 * A host name (`host` or `host:port`) as someone may type it after reading it (`bücher.example`), in
 * the form it is stored (`xn--bcher-kva.example`); unchanged when it is no host name.
 */
export function storedHost(host: string): string {
  const [, name = '', port = ''] = /^(.*?)(:\d+)?$/.exec(host.trim()) ?? [];
  return /^[\x00-\x7f]*$/.test(name) ? host.trim().toLowerCase() : (domainToASCII(name) || name) + port;
}
