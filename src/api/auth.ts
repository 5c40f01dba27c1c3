// Wire types of administrator accounts and API tokens.

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
export interface ApiTokenView {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** POST /api/tokens: the token itself is shown only in this answer. */
export interface CreatedApiToken {
  id: number;
  name: string;
  token: string;
}
