-- A revoked API token is kept (its hash, name and revocation time) so that a client still sending it
-- is told "revoked" rather than "unknown"; it authenticates nothing.
alter table api_tokens add column revoked_at timestamptz;
