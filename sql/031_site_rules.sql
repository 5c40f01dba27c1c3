-- Per-site rules for a site whose pages extract badly: `{ "body": selector | null, "remove": [selectors] }`
-- (CSS), applied to each of its pages before the text is read. Null: the extractor decides alone.
alter table domains add column rules jsonb;
