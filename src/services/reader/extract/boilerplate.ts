// Finds page furniture (navigation, consent dialogs, share bars, related links, captions…) by the
// words publishers use in class names, ids and ARIA roles, so it can be removed before the article
// is scored. Every pattern is a generic word, never one site's class name.

/** Class/id words that mark furniture, grouped so each group can be reasoned about (and measured). */
const BOILERPLATE_WORDS: Record<string, readonly string[]> = {
  consent: ['cookie', 'cookies', 'consent', 'gdpr', 'onetrust', 'didomi', 'cookiebanner', 'cookieconsent'],
  share: ['share', 'shares', 'sharing', 'sharebar', 'sharetools', 'social', 'socials', 'socialshare', 'addthis', 'sharethis'],
  newsletter: ['newsletter', 'newsletters', 'subscribe', 'subscription', 'signup', 'optin'],
  related: [
    'related',
    'relatedposts',
    'recommended',
    'recommendations',
    'recirculation',
    'readmore',
    'morestories',
    'mostread',
    'mostpopular',
    'trending',
    'popular',
    'outbrain',
    'taboola',
  ],
  comments: ['comment', 'comments', 'disqus', 'replies'],
  navigation: ['breadcrumb', 'breadcrumbs', 'navbar', 'nav', 'navigation', 'menu', 'submenu', 'megamenu', 'skiplink', 'skip', 'pagination', 'pager'],
  ads: ['ad', 'ads', 'advert', 'adverts', 'advertisement', 'adslot', 'adunit', 'dfp', 'sponsor', 'sponsored', 'promo', 'promotion'],
  caption: ['caption', 'figcaption', 'credit', 'credits'],
  hidden: ['sronly', 'visuallyhidden', 'screenreadertext', 'screenreader'],
  dialog: ['modal', 'popup', 'lightbox'],
  author: ['author', 'authors', 'authorbio', 'authorinfo', 'authorbox', 'bio', 'byline', 'bylines'],
  embeds: ['twittertweet', 'tweet', 'instagrammedia', 'tiktokembed', 'fbpost'],
  cta: ['cta', 'disclaimer', 'footnotes', 'citations', 'print'],
};

const STRUCTURAL_TAGS = new Set(['NAV', 'ASIDE', 'FOOTER', 'DIALOG', 'MENU', 'FIGCAPTION']);
const STRUCTURAL_ROLES = new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'dialog', 'alertdialog', 'search', 'menu', 'menubar']);

/** Splits `class` and `id` into lower-case words: "socialShare-bar__x" → social, share, bar, x, socialshare, sharebar… */
function nameWords(element: Element): Set<string> {
  const words = new Set<string>();
  const raw = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  if (!raw.trim()) return words;
  for (const name of raw.split(/\s+/)) {
    if (!name) continue;
    const parts = name
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    for (let i = 0; i < parts.length; i++) {
      words.add(parts[i]!);
      // Adjacent pairs catch compounds written with a separator ("read-more" → readmore); one-letter
      // parts are left alone so hashed names ("v-a--d") do not spell "ad".
      const next = parts[i + 1];
      if (next && parts[i]!.length > 1 && next.length > 1) words.add(parts[i]! + next);
    }
  }
  return words;
}

export function boilerplateWordIndex(groups: readonly string[] = Object.keys(BOILERPLATE_WORDS)): Map<string, string> {
  const index = new Map<string, string>();
  for (const group of groups) for (const word of BOILERPLATE_WORDS[group] ?? []) index.set(word, group);
  return index;
}

/** The furniture group an element belongs to, or null. */
export function boilerplateGroup(element: Element, index: Map<string, string>): string | null {
  const tag = element.tagName.toUpperCase();
  if (STRUCTURAL_TAGS.has(tag)) return tag.toLowerCase();
  const role = element.getAttribute('role');
  if (role && STRUCTURAL_ROLES.has(role)) return `role:${role}`;
  if (element.getAttribute('aria-modal') === 'true') return 'dialog';
  const key = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  if (key === ' ') return null;
  // Pages repeat a handful of class names over thousands of elements: each is split once.
  let known = groupsByName.get(index);
  if (!known) groupsByName.set(index, (known = new Map()));
  const cached = known.get(key);
  if (cached !== undefined) return cached;
  let found: string | null = null;
  for (const word of nameWords(element)) {
    found = index.get(word) ?? null;
    if (found) break;
  }
  if (known.size >= MAX_CACHED_NAMES) known.clear();
  known.set(key, found);
  return found;
}

const groupsByName = new WeakMap<Map<string, string>, Map<string, string | null>>();
const MAX_CACHED_NAMES = 20_000;
