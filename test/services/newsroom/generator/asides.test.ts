// What the writers may take from a source sentence as the story's news: an aside (a feature's
// scene or the story's history) is told in an article, never as the news. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { isAnAside } from '../../../../src/services/newsroom/generator/asides.js';
import { shapeSentence } from '../../../../src/services/newsroom/generator/sentences.js';

describe('asides', () => {
  it("knows a sentence opening on the story's history or a scene", () => {
    for (const sentence of [
      'When the Linden mill opened its first loom shed on Canal Street in 1902, its owners hired mostly from the valley farms.',
      'In 1987, the harbour authority sold the pier to a private developer for one dollar.',
      'Back in 2011, the council first proposed a tram line along the river.',
      'Decades ago, the valley grew more apples than any county in the state.',
      'For years, residents have complained about the noise from the quarry.',
      'For decades geologists have argued over where the valley’s salt came from.',
      'For more than three years, harbor crews have been dredging the channel to keep the ferries running.',
      'When the first tide tables were printed in the early eighteenth century, they covered only three ports.',
      'The island has changed hands three times in the last century, by treaty and by war.',
      'The theory that warmer seas drive the storms has been tested, and has mostly held, for more than two decades.',
      'At a crowded stall in the school gym, the longest line was for the hospital.',
      'At 3:17 on Friday morning, a night nurse at the county hospital heard the generators fail.',
      'Just after 6:40 a.m., the first ferry of the day nosed out of the fog.',
      'A farmer found the first bones, including part of a jaw, in a dry creek bed near Halden in 2018.',
      'The harbour board bought the ferry, its third, back in the spring of 2009.',
      'Ferry captain Ola Brekke, 52, of Halden, gave up his licence three years ago.',
      'Ada Lund was checking her nets off the point in the autumn of 2018, as she did every week, when she saw the oil.',
      'Ola Brekke, who has run the Halden ferry kiosk for twenty years, remembers the winter of 2019, when the harbour froze.',
      'Her neighbour still recalls how the mill whistle woke the whole valley at six.',
      'Most of the crew remember the day the last trawler was sold.',
      'Halden had already banned the glaze in school kitchens, and two bakeries switched to honey.',
      'The old pier had previously served as the customs house until the harbour moved.',
      'The ferry had once been the only way off the island in winter.',
    ])
      expect(isAnAside(sentence), sentence).toBe(true);
  });

  it('reads the news as news, whatever years it mentions', () => {
    const year = new Date().getUTCFullYear();
    for (const sentence of [
      `In ${year + 4}, the plant will supply a fifth of the region's power, the operator said.`,
      'When the council met on Tuesday, it voted to close the bridge to trucks.',
      'For the first time in decades, the valley grew no apples at all this autumn.',
      'Since 2019, prices at the pump have risen by a third.',
      'For years to come, the bridge will carry only buses.',
      'The storm made landfall near Halden at 8:52 a.m. on Tuesday, the weather service said.',
      'At 9 a.m. on Monday, the council will vote on the tram line.',
      'At 4:10 on Sunday afternoon, the last ferry left the harbour, the port authority said.',
      'In the twenty-first century, no harbour here has closed for longer.',
      'The reactor, which first went online in 1971, will restart in the spring.',
      'The mill, opened in 1902, closed on Friday with the loss of 300 jobs.',
      'Unemployment in the valley has fallen to its lowest in two decades.',
      'The river has flooded the town for the first time in a decade.',
      'Forecasters said it was the wettest October since records began in 1871.',
      'The harbour board, which bought the ferry in 2009, sold it on Thursday.',
      `The new line will open to passengers in ${year + 1}.`,
      'A court in Halden convicted a former guard of fraud for secretly selling prison keys in 2019.',
      'Ferry fares are the highest since the line opened two decades ago.',
      'Crews were still pumping water out of the tunnel on Friday, three weeks after the flood.',
      'The new yard will bring back the jobs Halden lost when its shipyard closed a decade ago.',
      'The bakery recalled the day’s bread after a customer found glass in a loaf.',
      'Halden Foods recalls the cucumbers it sold in five states on Tuesday.',
      // A state before the news, but one the news is about: reported, or in a clause of its own.
      'Police said the driver had already left the scene when officers arrived.',
      'The mayor suggested the bakeries had already agreed to the new rules.',
      'The grant is open to families in which at least one child had previously attended a public school.',
    ])
      expect(isAnAside(sentence), sentence).toBe(false);
  });

  it('marks the shape of such a sentence, so that it never leads', () => {
    expect(shapeSentence('In 1987, the harbour authority sold the pier to a private developer for one dollar.')?.aside).toBe(true);
    expect(shapeSentence('The harbour authority sold the pier to a private developer for one dollar on Monday.')?.aside).toBe(false);
  });
});
