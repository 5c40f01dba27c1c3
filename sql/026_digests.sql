-- E-mail digest subscribers. An address is stored once (lower-cased); what a reader asked for waits
-- in pending_* until they confirm it by the link mailed to them (double opt-in), so a subscribe form
-- can neither mail a stranger a digest nor change a confirmed reader's choice. Tokens are stored as
-- SHA-256 hashes: the unsubscribe token is derived from a site key (site_keys) whenever a mail is
-- written, so a copy of this table unsubscribes nobody.
create table subscribers (
  id integer generated always as identity primary key,
  email text not null unique,
  topics text[] not null default '{}',
  frequency text not null default 'daily' check (frequency in ('daily', 'weekly')),
  pending_topics text[],
  pending_frequency text check (pending_frequency in ('daily', 'weekly')),
  confirm_token_hash text unique,
  confirm_expires_at timestamptz,
  confirmations_sent integer not null default 0,
  confirmation_sent_at timestamptz,
  unsubscribe_token_hash text not null unique,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  -- Permanent refusals (a bounce or a complaint) in a row; sending stops at the limit.
  bounces integer not null default 0,
  last_error text,
  stopped_at timestamptz,
  last_digest_at timestamptz,
  created_at timestamptz not null default now()
);
create index subscribers_due on subscribers (frequency) where confirmed_at is not null and unsubscribed_at is null and stopped_at is null;

-- Keys the site makes once and every daemon shares: the digest's unsubscribe links are signed with
-- one, and Web Push's VAPID pair lives here too.
create table site_keys (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
