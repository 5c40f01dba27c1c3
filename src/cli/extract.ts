// `newsctl extract <file-or-url> [--json]`: one page through the spider's extraction, in-process and
// without a database. A URL is fetched with the guarded client (public addresses only, unless
// NEWSCTL_ALLOW_PRIVATE_NETWORKS opens a range); a file is read from disk.
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { Upstream } from '../errors.js';
import type { ExtractedArticle } from '../services/reader/extract/index.js';
import { printJson, readInputFile } from './io.js';

/** What `newsctl extract` prints (the field list). */
export type ExtractedPage = Pick<ExtractedArticle, 'title' | 'text' | 'publishedAt' | 'author' | 'canonicalUrl' | 'imageUrl' | 'wordCount'>;

async function readPage(source: string, baseUrl: string | undefined): Promise<{ html: string; url: string | undefined }> {
  if (!/^https?:\/\//i.test(source)) {
    return { html: readInputFile(source), url: baseUrl };
  }
  const config = loadConfig(process.env);
  const { createGuardedClient } = await import('../services/reader/spider/net/index.js');
  const client = createGuardedClient({
    userAgent: config.userAgent,
    allowPrivateNetworks: config.allowPrivateNetworks,
    totalTimeoutMs: config.spider.requestTimeoutMs,
    acceptedContentTypes: ['text/html', 'application/xhtml+xml'],
  });
  try {
    const response = await client.fetch(source);
    return { html: response.text(), url: response.url };
  } catch (error) {
    throw Upstream(`Could not fetch ${source}: ${(error as Error).message}`);
  } finally {
    client.close();
  }
}

export function registerExtractCommand(program: Command): void {
  program
    .command('extract')
    .description('extract the article of one page (a file or an http(s) URL)')
    .argument('<file-or-url>')
    .option('--url <url>', 'the address a file was saved from (resolves its relative links)')
    .option('--json', 'print JSON: {title, text, publishedAt, author, canonicalUrl, imageUrl, wordCount}')
    .action(async (source: string, options: { url?: string; json?: boolean }) => {
      const { html, url } = await readPage(source, options.url);
      const { readArticlePage } = await import('../services/reader/spider/extraction.js');
      const page = readArticlePage(html, url);
      const result: ExtractedPage = {
        title: page.title,
        text: page.text,
        publishedAt: page.publishedAt,
        author: page.author,
        canonicalUrl: page.canonicalUrl,
        imageUrl: page.imageUrl,
        wordCount: page.wordCount,
      };
      if (options.json) return printJson(result);
      const meta = [
        result.author ? `By ${result.author}` : null,
        result.publishedAt ? `Published ${result.publishedAt}` : null,
        `${result.wordCount} words`,
      ].filter(Boolean);
      console.log([result.title ?? '(no title)', meta.join(' · '), result.canonicalUrl ?? '', '', result.text].join('\n'));
    });
}
