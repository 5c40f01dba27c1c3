// Wire types of administrator accounts and API tokens.
import type { z } from 'zod';
import type { apiTokens } from './response-schemas.js';

/** GET /api/auth/check. */
export interface AuthCheck {
  isAdmin: boolean;
}

/** POST /api/admin/users. */
export interface AdminAccountResult {
  created: boolean;
  username: string;
}

/** GET /api/tokens, one element. */
export type ApiTokenView = z.infer<typeof apiTokens>['tokens'][number];

/** POST /api/tokens: the token itself is shown only in this answer. */
export interface CreatedApiToken {
  id: number;
  name: string;
  token: string;
}
