-- Issue 13: an article of a story several sources cover takes the story's topic (so a topic's
-- article list and its trends agree). own_topic keeps what the classifier (model or offline) said
-- of the article itself while topic holds the story's; null when the two agree or the article is
-- on its own. The analyzer restores it when the article no longer belongs to such a story.
alter table articles add column own_topic text
  check (own_topic in ('health', 'food', 'finance', 'usa', 'international', 'tech', 'energy', 'science'));
