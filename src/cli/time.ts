// Times as operators read them: in the product's time zone, as the console,
// the dashboard and the activity lines show them. The API gives ISO times in UTC; --json keeps those.
import type { Client } from '../client/index.js';

/** The product's time zone, from the daemon (null when it cannot say: times then read in UTC). */
export async function productTimeZone(client: Client): Promise<string | null> {
  try {
    return (await client.siteInfo()).timeZone;
  } catch {
    return null;
  }
}
