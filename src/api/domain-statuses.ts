// Apart from domains.ts so that the response schemas can read it without an import cycle.

/** The statuses an administrator can set on a domain (PUT /api/domains/:id). */
export const DOMAIN_STATUSES = ['active', 'success', 'error', 'avoided'] as const;
