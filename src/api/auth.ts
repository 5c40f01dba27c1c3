// Wire types of administrator accounts and API tokens.
import type { z } from 'zod';
import type * as schemas from './schemas/operations.js';

/** GET /api/auth/check. */
export type AuthCheck = z.infer<typeof schemas.authCheck>;

/** POST /api/admin/users. */
export type AdminAccountResult = z.infer<typeof schemas.adminAccountResult>;

/** GET /api/tokens, one element. */
export type ApiTokenView = z.infer<typeof schemas.apiTokens>['tokens'][number];

/** POST /api/tokens: the token itself is shown only in this answer. */
export type CreatedApiToken = z.infer<typeof schemas.createdApiToken>;

/** POST /api/auth/login. */
export type LoginResult = z.infer<typeof schemas.loginResult>;
