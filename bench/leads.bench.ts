// The offline writer's lead on the fixture webs, without a crawl: each story's articles as its
// sources, written once with each of its headlines in turn as the trend's title (a trend takes one
// outlet's headline, which may be about a side of the story), and once with the first headline and
// a description of side facts (the analyzer's description often is). A lead is right when its
// sentence states a fact the headlines name (bench/lib/eval-webs.ts). The local web chose the
// writer's lead weights (src/services/newsroom/generator/offline-writer.ts); the held-out web is
// measured only. `npm run bench -- voices` gives the same count on crawled webs.
import { writeOfflineArticle } from '../src/services/newsroom/generator/offline-writer.js';
import { type EvalStory, factsOf, fixtureWebs } from './lib/eval-webs.js';

function leadIsNews(story: EvalStory, title: string, description: string): boolean {
  const sources = story.articles
    .filter((article) => article.syndicatedFrom === null)
    .map((article, i) => ({
      url: `https://site${article.site}.test/${story.id}-${i}`,
      title: article.headline,
      domain: `site${article.site}.test`,
      text: article.paragraphs.join('\n\n'),
    }));
  const written = writeOfflineArticle({ title, description, sources, targetWords: 600 });
  return factsOf(written.body[0]!.sourceText, story).some((id) => story.lead.includes(id));
}

console.log('Leads of the offline writer on the fixture webs (each story written from its articles)');
for (const web of fixtureWebs()) {
  let eachTitle = 0;
  let tries = 0;
  let sideFacts = 0;
  const misses: string[] = [];
  for (const story of web.stories) {
    for (const article of story.articles) {
      tries++;
      if (leadIsNews(story, article.headline, '')) eachTitle++;
      else misses.push(`${story.id} (title "${article.headline}")`);
    }
    // The analyzer's description often dwells on side facts: the second and third of the story's.
    const description = story.facts
      .slice(1, 3)
      .map((fact) => fact.text)
      .join(' ');
    if (leadIsNews(story, story.articles[0]!.headline, description)) sideFacts++;
  }
  console.log(`${web.name}${web.measuredOnly ? ', measured only' : ''}`);
  console.log(`  each headline as the title          ${eachTitle}/${tries}${misses.length ? `   missed: ${misses.slice(0, 3).join('; ')}` : ''}`);
  console.log(`  a description of side facts        ${sideFacts}/${web.stories.length}`);
}
