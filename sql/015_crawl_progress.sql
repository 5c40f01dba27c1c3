-- How far the crawl of each site has got (0–1): its discovery steps and article pages done against
-- those still ahead, up to the per-run cap. Renewed with the claim, so status readers on any daemon
-- can count a site being crawled by its share done instead of not at all until it finishes.
alter table crawl_claims add column progress real not null default 0 check (progress >= 0 and progress <= 1);
