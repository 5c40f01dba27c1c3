// A delete is one transaction and its files go with it: no 500 after a partial delete, whatever
// the stored row holds. Runs on both databases.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.loginCookie();
});
afterAll(async () => server?.close());

const del = (path: string) => fetch(`${server.baseUrl}${path}`, { method: 'DELETE', headers: { cookie } });

describe('deleting generated articles', () => {
  it('removes the row and its image file, and a malformed stored image address is no 500', async () => {
    const images = join(server.config.mediaDir, 'images');
    mkdirSync(images, { recursive: true });
    writeFileSync(join(images, 'cover-1.png'), 'png');
    const [good] = await server.sql<
      { id: number }[]
    >`insert into generated_articles (title, content, image_url) values ('Good', 'Text', '/images/cover-1.png') returning id`;
    const [bad] = await server.sql<
      { id: number }[]
    >`insert into generated_articles (title, content, image_url) values ('Bad', 'Text', '/images/%E0%A4%A.png') returning id`;

    const removed = await del(`/api/generated-articles/${good!.id}`);
    expect(removed.status).toBe(200);
    expect(existsSync(join(images, 'cover-1.png'))).toBe(false);

    const malformed = await del(`/api/generated-articles/${bad!.id}`);
    expect(malformed.status).toBe(200);
    expect(await server.sql`select id from generated_articles where id = ${bad!.id}`).toHaveLength(0);
    expect((await del(`/api/generated-articles/${bad!.id}`)).status).toBe(404);
  });
});
