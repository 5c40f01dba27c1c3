import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { isArticleNode, jsonLdNodes, jsonNames, nodesById } from '../../../../src/services/reader/extract/json-ld.js';

const documentOf = (scripts: string[]) =>
  parseHTML(`<html><head>${scripts.map((s) => `<script type="application/ld+json">${s}</script>`).join('')}</head><body></body></html>`)
    .document as unknown as Document;

describe('jsonLdNodes', () => {
  it('flattens arrays and @graph and repairs common breakage', () => {
    const nodes = jsonLdNodes(
      documentOf([
        '{"@graph":[{"@type":"WebPage"},{"@type":["NewsArticle"],"headline":"A"}]}',
        '<!-- {"@type":"Article","headline":"B",} -->',
        '{"@type":"BlogPosting","headline":"line\nbreak"}',
        'not json at all',
      ]),
    );
    expect(nodes.filter(isArticleNode).map((node) => node.headline)).toEqual(['A', 'B', 'line break']);
  });

  it('resolves author references by @id', () => {
    const nodes = jsonLdNodes(documentOf(['{"@graph":[{"@type":"Person","@id":"#p","name":"Jane"},{"@type":"Article","author":[{"@id":"#p"},"Tom"]}]}']));
    const article = nodes.find(isArticleNode)!;
    expect(jsonNames(article.author, nodesById(nodes))).toEqual(['Jane', 'Tom']);
  });
});
