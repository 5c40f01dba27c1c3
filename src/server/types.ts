// Fastify declaration merging: the app context on the instance, the caller on each request, and
// the per-route `public` flag (every /api route is admin-only unless it says otherwise).
import type { AppContext } from '../context.js';
import type { Principal } from '../services/auth/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Anonymous callers allowed (spec 000 §7 and decisions.md "Access"). */
    public?: boolean;
  }
}

export {};
