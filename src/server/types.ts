// Fastify declaration merging: the app context on the instance, the caller on each request, and
// the per-route `public` flag (every /api route is admin-only unless it says otherwise).
import type { AppContext } from '../context.js';
import type { Principal } from '../services/platform/auth/index.js';
import type { PublicSnapshot } from '../services/reader/snapshot/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** The public reads, built on change events (services/snapshot). */
    snapshot: PublicSnapshot;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Anonymous callers allowed. */
    public?: boolean;
    /** Answered from the public snapshot: no caller lookup, served through a database outage. */
    snapshot?: boolean;
    /** Answers by itself while the database is down (instead of the outage 503). */
    withoutDatabase?: boolean;
    /**
     * A write allowed while the disk is below its floor (every other POST, PUT and PATCH answers 507):
     * signing in and out, a setting (shorter retention frees space), stopping or pausing work.
     */
    whileDiskFull?: boolean;
  }
}
