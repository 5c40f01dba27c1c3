-- Who may record a queue item is the lease of the generate-article run that carries it (job_runs:
-- its holder and attempt, locked in the transaction that records the item), checked once. The
-- item's own claim token, a second check of the same thing, goes.
alter table generation_queue drop column holder;
