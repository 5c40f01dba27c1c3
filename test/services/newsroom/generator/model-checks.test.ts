// The checks a model's article passes before it is stored.
import { describe, expect, it } from 'vitest';
import { citedAddresses, modelArticleProblems } from '../../../../src/services/newsroom/generator/model-checks.js';

const story = {
  title: 'Storm floods Port Linden harbor',
  sources: [
    { url: 'https://www.harbor-times.test/news/storm-1', title: 'Storm', domain: 'www.harbor-times.test', text: '' },
    { url: 'metro-ledger.test/storm', title: 'Storm', domain: 'metro-ledger.test', text: '' },
  ],
};

describe("a model's article", () => {
  it('passes when it opens with the news, cites only the sources (written any way) and says each thing once', () => {
    const content =
      'A storm flooded the Port Linden harbor district on Monday night.\n\nRescue crews pulled 37 people from the water.\n\n**Sources**\n- [Harbor Times](http://harbor-times.test/news/storm-1/)\n- https://metro-ledger.test/storm.';
    expect(citedAddresses(content)).toEqual(['http://harbor-times.test/news/storm-1/', 'https://metro-ledger.test/storm']);
    expect(modelArticleProblems({ title: 'Port Linden under water', content }, story)).toEqual([]);
  });

  it('names each problem as an instruction: a foreign address, a lead about something else, a sentence said twice', () => {
    const content = [
      'Shares of insurers fell sharply on Tuesday as analysts counted the cost of claims.',
      'A storm flooded the Port Linden harbor district on Monday night, and 1,200 residents left their homes.',
      'A storm flooded the Port Linden harbor district on Monday night, and 1,200 residents had to leave their homes.',
      'More at https://evil.example/phish',
    ].join('\n\n');
    expect(modelArticleProblems({ title: 'x', content }, story)).toEqual([
      'Cite only the sources given; these addresses are not among them: https://evil.example/phish',
      'Open with the news the headline states ("Storm floods Port Linden harbor"), not a side detail',
      'Say each fact once; this is said twice: "A storm flooded the Port Linden harbor district on Monday night, and 1,200 residents left their homes."',
    ]);
  });
});
