-- What a story's topic reads of each article (classify/story-topic.ts, readArticle: the topic
-- distributions of its headline and first paragraphs), made once when the article is stored instead
-- of in every trends analysis: reading a week's 100,000 articles took more CPU than grouping them.
-- `model` names the shipped model that made it; another model's reading is made again. A table of
-- its own: rewriting an article row updates every index of the table (the search's GIN lists
-- among them), 1.7 ms an article, where this row costs one primary key entry.
create table article_topic_readings (
  article_id integer primary key references articles (id) on delete cascade,
  model integer not null,
  reading bytea not null
);
