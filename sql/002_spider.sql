-- The spider skips URLs it already stored, whether a feed named the canonical address or the page
-- it was redirected to (source_url); both lookups must stay index scans on a large table.
create index articles_source_url on articles (source_url);
