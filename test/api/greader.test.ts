// A reader app's session with the Google Reader API, in the protocol's own requests (form bodies,
// GoogleLogin auth, the T edit token, continuation): it signs in with an API token (never the
// administrator's password), lists feeds and folders, pages through the reading list, reads items,
// marks them read and starred, and finds that state again on another daemon of the same database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createApiToken } from '../../src/services/platform/auth/index.js';
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/server.js';

let server: TestServer;
let token: string;
let auth: string;
let edit: string;
const ids: Record<string, number> = {};
const PREFIX = '/api/greader.php';

const form = (fields: [string, string][]) => new URLSearchParams(fields).toString();

async function reader(path: string, options: { method?: string; body?: [string, string][]; base?: string; prefix?: string; credential?: string | null } = {}) {
  const headers: Record<string, string> = {};
  const credential = options.credential === undefined ? auth : options.credential;
  if (credential) headers.authorization = `GoogleLogin auth=${credential}`;
  if (options.body) headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(`${options.base ?? server.baseUrl}${options.prefix ?? PREFIX}${path}`, {
    method: options.method ?? (options.body ? 'POST' : 'GET'),
    headers,
    body: options.body ? form(options.body) : undefined,
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Text answers (ClientLogin, token, OK).
  }
  // biome-ignore lint/suspicious/noExplicitAny: the tests read any field of a protocol answer.
  return { status: response.status, text, json: json as Record<string, any> };
}

beforeAll(async () => {
  server = await startTestServer();
  token = (await createApiToken(server.ctx, 'reader app')).token;
  const [alpha] = await server.sql<{ id: number }[]>`insert into domains (url, host) values ('alpha.example', 'alpha.example') returning id`;
  const [beta] = await server.sql<{ id: number }[]>`insert into domains (url, host) values ('beta.example', 'beta.example') returning id`;
  ids.alpha = alpha!.id;
  ids.beta = beta!.id;
  const articles: [number, string, string, string][] = [
    [ids.alpha, 'alpha.example', 'usa', 'Council approves the harbor budget'],
    [ids.alpha, 'alpha.example', 'usa', 'Ferry service resumes after storm'],
    [ids.alpha, 'alpha.example', 'usa', 'Old Mill bridge reopens'],
    [ids.beta, 'beta.example', 'energy', 'Grid battery comes online'],
    [ids.beta, 'beta.example', 'energy', 'Wind farm expands <b>offshore</b>'],
  ];
  for (const [index, [domainId, domainName, topic, title]] of articles.entries()) {
    // Stored text is hostile input: one address without a scheme must not break a stream.
    const url = index === 4 ? `${domainName}/story-${index}` : `https://${domainName}/story-${index}`;
    await server.sql`
      insert into articles (domain_id, domain_name, source_url, canonical_url, title, content, excerpt, topic, site_name, scraped_at)
      values (${domainId}, ${domainName}, ${url}, ${url}, ${title}, ${`${title}.\n\nA second paragraph with <script>alert(1)</script> in it.`},
              ${title}, ${topic}, ${domainName === 'beta.example' ? 'Beta Daily' : null}, now() - make_interval(mins => ${10 + index}))`;
  }
  await server.sql`
    insert into generated_articles (title, content, excerpt, category, html_file_path, generated_at)
    values ('Harbor budget passes', 'The council approved the budget.\n\n**Sources**\n1. alpha.example', 'The council approved the budget.', 'usa', '/usa/harbor-budget-passes.html', now() - interval '5 minutes')`;
}, 60_000);
afterAll(async () => server?.close());

describe('the Google Reader API', () => {
  it('signs in with an API token only, and gives the T token and the user', async () => {
    const wrong = await reader('/accounts/ClientLogin', {
      body: [
        ['Email', 'admin'],
        ['Passwd', 'not a token'],
      ],
      credential: null,
    });
    expect(wrong).toMatchObject({ status: 401, text: 'Error=BadAuthentication\n' });
    // The administrator's password opens the console, never a reader app.
    const admin = await reader('/accounts/ClientLogin', {
      body: [
        ['Email', TEST_ADMIN.username],
        ['Passwd', TEST_ADMIN.password],
      ],
      credential: null,
    });
    expect(admin.status).toBe(401);
    const login = await reader('/accounts/ClientLogin', {
      body: [
        ['Email', TEST_ADMIN.username],
        ['Passwd', token],
      ],
      credential: null,
    });
    expect(login.status, login.text).toBe(200);
    auth = /^Auth=(.+)$/m.exec(login.text)![1]!;
    expect(login.text).toMatch(/^SID=.+\nLSID=.+\nAuth=.+\n$/);
    expect((await reader('/reader/api/0/user-info?output=json', { credential: null })).status).toBe(401);
    const tokenAnswer = await reader('/reader/api/0/token');
    expect(tokenAnswer.status).toBe(200);
    edit = tokenAnswer.text.trim();
    expect(edit).toMatch(/^[0-9a-f]{57}$/);
    expect((await reader('/reader/api/0/user-info?output=json')).json).toMatchObject({ userName: TEST_ADMIN.username, userId: expect.any(String) });
  });

  it('lists the sources as feeds in topic folders, and the folders', async () => {
    const { json } = await reader('/reader/api/0/subscription/list?output=json');
    expect(json.subscriptions).toEqual([
      expect.objectContaining({
        id: `feed/${ids.alpha}`,
        title: 'alpha.example',
        categories: [{ id: 'user/-/label/USA', label: 'USA' }],
        htmlUrl: 'https://alpha.example/',
      }),
      expect.objectContaining({ id: `feed/${ids.beta}`, title: 'Beta Daily', categories: [{ id: 'user/-/label/Energy', label: 'Energy' }] }),
      // The stories several sites cover, as a feed of their own.
      expect.objectContaining({
        id: 'feed/newsctl-trends',
        title: `${server.config.siteName} trends`,
        categories: [{ id: 'user/-/label/Trends', label: 'Trends' }],
      }),
    ]);
    const tags = (await reader('/reader/api/0/tag/list?output=json')).json.tags.map((tag: { id: string }) => tag.id);
    expect(tags).toEqual(
      expect.arrayContaining([
        'user/-/state/com.google/starred',
        'user/-/label/USA',
        'user/-/label/Energy',
        'user/-/label/Our articles',
        'user/-/label/Trends',
      ]),
    );
  });

  it('pages through the reading list with continuation, newest first, our article included', async () => {
    const seen: { id: string; title: string; published: number }[] = [];
    let continuation: string | undefined;
    let pages = 0;
    do {
      const query = new URLSearchParams({ output: 'json', n: '2', ...(continuation ? { c: continuation } : {}) });
      const { status, json } = await reader(`/reader/api/0/stream/contents/user/-/state/com.google/reading-list?${query}`);
      expect(status).toBe(200);
      expect(json.items.length).toBeLessThanOrEqual(2);
      seen.push(...json.items);
      continuation = json.continuation;
      pages++;
    } while (continuation && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(6);
    expect(new Set(seen.map((item) => item.id)).size).toBe(6);
    expect(seen[0]!.title).toBe('Harbor budget passes');
    const published = seen.map((item) => item.published);
    expect([...published].sort((a, b) => b - a)).toEqual(published);
    const ours = seen[0] as unknown as { alternate: { href: string }[]; categories: string[]; summary: { content: string } };
    expect(ours.alternate[0]!.href).toBe(`${server.baseUrl}/usa/harbor-budget-passes.html`);
    expect(ours.categories).toContain('user/-/label/Our articles');
    // Crawled text is escaped HTML.
    const crawled = seen.find((item) => item.title.startsWith('Wind farm')) as unknown as { summary: { content: string } };
    expect(crawled.summary.content).toContain('&lt;script&gt;');
    expect(crawled.summary.content).not.toContain('<script>');
    // A folder and a feed are streams too; ids only, and oldest first.
    expect((await reader('/reader/api/0/stream/contents/user/-/label/Energy?output=json')).json.items).toHaveLength(2);
    const refs = (await reader(`/reader/api/0/stream/items/ids?output=json&s=feed/${ids.alpha}&n=10&r=o`)).json.itemRefs;
    expect(refs).toHaveLength(3);
    expect(Number(refs[0].timestampUsec)).toBeLessThan(Number(refs[2].timestampUsec));
    expect((await reader('/reader/api/0/stream/contents/user/-/label/Sports?output=json')).status).toBe(400);
    expect((await reader('/reader/api/0/stream/contents/user/-/state/com.google/reading-list?c=bogus')).status).toBe(400);
    // Numbers past what the database holds are a 400, never a 500.
    const past = Buffer.from('99999999999999_99999999999999999999').toString('base64url');
    for (const query of ['s=feed/9999999999', `c=${past}`, 'ot=1e30', 'nt=99999999999999']) {
      expect((await reader(`/reader/api/0/stream/items/ids?${query}`)).status, query).toBe(400);
    }
    expect((await reader('/reader/api/0/stream/items/contents', { body: [['i', 'tag:google.com,2005:reader/item/ffffffffffffffff']] })).status).toBe(400);
  });

  it('reads items by id in both forms, marks them read and starred with the T token, and mark-all-as-read a feed', async () => {
    const refs = (await reader(`/reader/api/0/stream/items/ids?output=json&s=feed/${ids.alpha}&n=10`)).json.itemRefs as { id: string }[];
    const [first, second] = refs.map((ref) => ref.id);
    const longForm = `tag:google.com,2005:reader/item/${BigInt(second!).toString(16).padStart(16, '0')}`;
    const contents = await reader('/reader/api/0/stream/items/contents?output=json', {
      body: [
        ['i', first!],
        ['i', longForm],
      ],
    });
    expect(contents.json.items.map((item: { id: string }) => BigInt(`0x${item.id.split('/').pop()}`).toString())).toEqual([first, second]);

    const noT = await reader('/reader/api/0/edit-tag', {
      body: [
        ['i', first!],
        ['a', 'user/-/state/com.google/read'],
      ],
    });
    expect(noT.status).toBe(401);
    expect(
      (
        await reader('/reader/api/0/edit-tag', {
          body: [
            ['i', first!],
            ['a', 'user/-/state/com.google/read'],
            ['T', edit],
          ],
        })
      ).text,
    ).toBe('OK');
    expect(
      (
        await reader('/reader/api/0/edit-tag', {
          body: [
            ['i', longForm],
            ['a', 'user/-/state/com.google/starred'],
            ['T', edit],
          ],
        })
      ).text,
    ).toBe('OK');

    const unread = await reader('/reader/api/0/stream/contents/user/-/state/com.google/reading-list?output=json&n=50&xt=user/-/state/com.google/read');
    expect(unread.json.items).toHaveLength(5);
    const starred = await reader('/reader/api/0/stream/contents/user/-/state/com.google/starred?output=json');
    expect(starred.json.items.map((item: { title: string }) => item.title)).toHaveLength(1);
    const counts = (await reader('/reader/api/0/unread-count?output=json')).json.unreadcounts as { id: string; count: number }[];
    expect(counts.find((row) => row.id === 'user/-/state/com.google/reading-list')!.count).toBe(5);
    expect(counts.find((row) => row.id === `feed/${ids.alpha}`)!.count).toBe(2);

    expect(
      (
        await reader('/reader/api/0/mark-all-as-read', {
          body: [
            ['s', `feed/${ids.beta}`],
            ['T', edit],
          ],
        })
      ).text,
    ).toBe('OK');
    const after = (await reader('/reader/api/0/unread-count?output=json')).json.unreadcounts as { id: string; count: number }[];
    expect(after.find((row) => row.id === `feed/${ids.beta}`)).toBeUndefined();
    expect(after.find((row) => row.id === 'user/-/state/com.google/reading-list')!.count).toBe(3);
    // Kept unread again.
    expect(
      (
        await reader('/reader/api/0/edit-tag', {
          body: [
            ['i', first!],
            ['r', 'user/-/state/com.google/read'],
            ['T', edit],
          ],
        })
      ).text,
    ).toBe('OK');
    expect((await reader('/reader/api/0/unread-count?output=json')).json.unreadcounts.find((row: { id: string }) => row.id === `feed/${ids.alpha}`).count).toBe(
      3,
    );
  });

  it('is served at the root too (the Miniflux-style address), with the state stored for every daemon', async () => {
    const other = await buildApp(server.ctx, { logger: false });
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${(other.app.server.address() as { port: number }).port}`;
      const starred = await reader('/reader/api/0/stream/contents/user/-/state/com.google/starred?output=json', { base, prefix: '' });
      expect(starred.status).toBe(200);
      expect(starred.json.items).toHaveLength(1);
      expect(starred.json.items[0].categories).toContain('user/-/state/com.google/starred');
    } finally {
      await other.app.close();
    }
  });

  it('serves the trends as a feed: each story an item linking to its page, listing its sources, read and starred like any item', async () => {
    const [trend] = await server.sql<{ id: number }[]>`
      insert into trends (title, description, topic, relevance_score, batch_number, articles_analyzed, identified_at)
      values ('Harbor <budget> approved', 'The council & the mayor agreed.', 'usa', 8, 1, 3, now() - interval '1 minute') returning id`;
    const sources = await server.sql<{ id: number }[]>`select id from articles where domain_id = ${ids.alpha} order by id limit 2`;
    for (const source of sources) await server.sql`insert into trend_articles (trend_id, article_id) values (${trend!.id}, ${source.id})`;

    const feed = await reader('/reader/api/0/stream/contents/feed/newsctl-trends?output=json');
    expect(feed.status).toBe(200);
    expect(feed.json.items).toHaveLength(1);
    const [item] = feed.json.items as {
      id: string;
      title: string;
      alternate: { href: string }[];
      categories: string[];
      origin: { streamId: string };
      summary: { content: string };
    }[];
    expect(item!.title).toBe('Harbor <budget> approved');
    expect(item!.alternate[0]!.href).toBe(`${server.baseUrl}/story/${trend!.id}-harbor-budget-approved`);
    expect(item!.categories).toEqual(expect.arrayContaining(['user/-/label/USA', 'user/-/label/Trends']));
    expect(item!.origin.streamId).toBe('feed/newsctl-trends');
    expect(item!.summary.content).toContain('<p>The council &amp; the mayor agreed.</p>');
    expect(item!.summary.content).toContain('<a href="https://alpha.example/story-0">Council approves the harbor budget</a> (alpha.example)');
    expect(item!.summary.content.match(/<li>/g)).toHaveLength(2);
    // The same item through the Trends folder, by id, and in the unread counts.
    expect((await reader('/reader/api/0/stream/contents/user/-/label/Trends?output=json')).json.items).toHaveLength(1);
    const byId = await reader('/reader/api/0/stream/items/contents?output=json', { body: [['i', item!.id]] });
    expect(byId.json.items[0].title).toBe('Harbor <budget> approved');
    const counts = (await reader('/reader/api/0/unread-count?output=json')).json.unreadcounts as { id: string; count: number }[];
    expect(counts.find((row) => row.id === 'feed/newsctl-trends')!.count).toBe(1);
    expect(
      (
        await reader('/reader/api/0/edit-tag', {
          body: [
            ['i', item!.id],
            ['a', 'user/-/state/com.google/read'],
            ['T', edit],
          ],
        })
      ).text,
    ).toBe('OK');
    const after = (await reader('/reader/api/0/unread-count?output=json')).json.unreadcounts as { id: string }[];
    expect(after.find((row) => row.id === 'feed/newsctl-trends')).toBeUndefined();
    // A source's own feed holds no trend.
    const alpha = (await reader(`/reader/api/0/stream/contents/feed/${ids.alpha}?output=json&n=50`)).json.items as { title: string }[];
    expect(alpha.map((entry) => entry.title)).not.toContain('Harbor <budget> approved');
  });
});
