import { describe, expect, it } from 'vitest';
import { articlePagePath, isArticlePagePath, isStoryPagePath, slugOf, storyPagePath, topicFeedPath, topicPagePath } from '../../src/shared/pages.js';

describe('the public site’s addresses', () => {
  it('turns a title into the words of an address, cut at a word under 60 characters', () => {
    expect(slugOf('Storm floods Port Linden’s harbor — again!')).toBe('storm-floods-port-linden-s-harbor-again');
    expect(slugOf('Café à Zürich')).toBe('cafe-a-zurich');
    expect(slugOf('One two three four five six seven eight nine ten eleven twelve thirteen').length).toBeLessThanOrEqual(60);
    expect(slugOf('¿¡!')).toBe('');
  });

  it('writes each page’s address one way, and tells a story page and an article page from the rest', () => {
    expect(topicPagePath('health')).toBe('/health.html');
    expect(topicFeedPath('energy')).toBe('/feeds/energy.xml');
    expect(storyPagePath({ id: 42, title: 'Storm floods Port Linden' })).toBe('/story/42-storm-floods-port-linden');
    expect(storyPagePath({ id: 42, title: '¡!' })).toBe('/story/42');
    expect(articlePagePath('usa', 'Storm floods Port Linden', 42)).toBe('/usa/storm-floods-port-linden-42.html');
    expect(articlePagePath('usa', '¡!', 7)).toBe('/usa/article-7.html');
    expect(isStoryPagePath('/story/42-storm')).toBe(true);
    expect(isStoryPagePath('/story/x')).toBe(false);
    expect(isStoryPagePath('https://elsewhere.example/story/1')).toBe(false);
    expect(isArticlePagePath('/usa/storm-floods-port-linden-42.html')).toBe(true);
    expect(isArticlePagePath('/usa/../etc/passwd')).toBe(false);
  });
});
