// `newsctl digest`: the e-mail digest's subscribers, and a send now (to everyone due, or a test to one address).
import type { Command } from 'commander';
import { Invalid } from '../errors.js';
import { formatTable, printJson } from './io.js';
import { withClient, withDataOptions, withExamples, type DataOptions } from './options.js';

const FREQUENCIES = ['daily', 'weekly'] as const;

interface SendOptions extends DataOptions {
  frequency?: string;
  to?: string;
}

export function registerDigestCommand(program: Command): void {
  const digest = withExamples(
    program.command('digest').description('e-mail digests: subscribers and sending (the e-mail and digest-settings settings set them up)'),
    'newsctl digest subscribers',
    'newsctl digest send --to me@example.org',
  );

  withDataOptions(
    withExamples(
      digest.command('subscribers').description('every subscriber: address, topics, frequency, status, bounces'),
      'newsctl digest subscribers --json',
    ),
  ).action(async (options: DataOptions) => {
    await withClient(options, async (client) => {
      const list = await client.digests.subscribers();
      if (options.json) return printJson(list);
      const { confirmed, pending, stopped, unsubscribed } = list.counts;
      console.log(
        `${confirmed} subscribed, ${pending} waiting for confirmation, ${stopped} stopped (bounces), ${unsubscribed} unsubscribed; ${list.pushBrowsers} browsers with push alerts on`,
      );
      if (!list.emailConfigured) console.log('No e-mail server is set: nothing is sent (newsctl settings set email …)');
      if (list.subscribers.length) {
        console.log(
          formatTable(
            list.subscribers.map((row) => ({ ...row, topics: row.topics.join(', '), lastDigestAt: row.lastDigestAt ?? '' })),
            ['id', 'email', 'frequency', 'topics', 'status', 'bounces', 'lastDigestAt'],
          ),
        );
      }
    });
  });

  withDataOptions(
    withExamples(
      digest
        .command('send')
        .description('send the digest now to every subscriber due (one not sent this period), or a test digest to one address')
        .option('--frequency <daily|weekly>', 'only this frequency (default: what today sends)')
        .option('--to <address>', 'a test digest of every topic to this address only'),
      'newsctl digest send',
      'newsctl digest send --frequency weekly',
      'newsctl digest send --to me@example.org',
    ),
  ).action(async (options: SendOptions) => {
    if (options.frequency && !FREQUENCIES.includes(options.frequency as never)) throw Invalid(`--frequency must be one of ${FREQUENCIES.join(', ')}`);
    await withClient(options, async (client) => {
      const result = await client.digests.send({
        ...(options.frequency ? { frequency: options.frequency as (typeof FREQUENCIES)[number] } : {}),
        ...(options.to ? { to: options.to } : {}),
      });
      if (options.json) printJson(result);
      else console.log(result.message);
    });
  });
}
