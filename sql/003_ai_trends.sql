-- AI layer and trends analyzer (issue 8).

-- A logical model call may take several HTTP requests (retries, the JSON repair): counted here so
-- the log of calls shows what each one cost.
alter table llm_calls add column attempts integer not null default 1;
create index llm_calls_feature_created on llm_calls (feature, created_at desc);

-- The home page and the topic pages read each topic's latest batch.
create index trends_topic_batch on trends (topic, batch_number desc);
create index trends_batch on trends (batch_number desc, relevance_score desc);
