-- Read and starred state of the items a reader app (Google Reader API) shows, per user: crawled
-- articles by their id, generated articles by their id plus 2^48 (one 64-bit id space, as the
-- protocol wants). Items older than the reading window count as read without a row.
create table reader_item_states (
  user_id integer not null references users (id) on delete cascade,
  item_id bigint not null,
  read_at timestamptz,
  starred_at timestamptz,
  primary key (user_id, item_id)
);
create index reader_item_states_starred on reader_item_states (user_id, starred_at desc) where starred_at is not null;
