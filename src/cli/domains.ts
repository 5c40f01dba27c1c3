// `newsctl domains …` and `newsctl avoid …`: the Domains tab and the Domain Avoid List.
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { Invalid, NotFound } from '../errors.js';
import type { DomainChanges, DomainView as Domain } from '../api/domains.js';
import { readableAddress, readableHost, storedHost } from '../services/reader/domains/host-names.js';
import type { Client } from '../client/index.js';
import { formatTable, printJson, readInputFile } from './io.js';
import { withClient, withDataOptions, withExamples, type DataOptions } from './options.js';
import { productTimeZone } from './time.js';
import { dateTime } from '../terminal/time.js';

const STATUSES = ['active', 'success', 'error', 'avoided'];

/** A domain named by id, url or host (an internationalised one also as the tables show it). */
async function findDomain(client: Client, ref: string): Promise<Domain> {
  const domains = await client.domains.list();
  const wanted = ref.trim().toLowerCase();
  const host = storedHost(wanted.replace(/^https?:\/\//, '').replace(/\/.*$/, ''));
  const found = /^\d+$/.test(wanted)
    ? domains.find((d) => d.id === Number(wanted))
    : domains.find((d) => d.url.toLowerCase() === wanted || d.host === wanted || d.host === host);
  if (!found) throw NotFound(`No domain ${ref} in the list`);
  return found;
}

function parsePriority(text: string): number {
  if (!/^-?\d+$/.test(text.trim())) throw Invalid(`Priority must be an integer, got "${text}"`);
  return Number(text);
}

/** Seconds between two requests to the site; the server holds the bounds (1 s to an hour). */
function parseThrottle(text: string): number {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) throw Invalid(`Throttle must be a number of seconds, got "${text}"`);
  return value;
}

/** One domain, named as the operator names it, changed; what the server made of it. */
function changeDomain(options: DataOptions, ref: string, changes: DomainChanges): Promise<Domain> {
  return withClient(options, async (client) => client.domains.update((await findDomain(client, ref)).id, changes));
}

/** "12 (language)": pages read and not kept, by reason. */
function skippedText(skipped: Record<string, number>): string {
  return Object.entries(skipped)
    .map(([reason, count]) => `${count} (${reason})`)
    .join(', ');
}

export function registerDomainsCommand(program: Command): void {
  const domains = program.command('domains').description('source domains: list, add, remove, priority, throttle, status, import, export');

  withDataOptions(domains.command('list').description('every domain, highest priority first')).action(async (options: DataOptions) => {
    const [list, timeZone] = await withClient(
      options,
      async (client) => [await client.domains.list(), options.json ? null : await productTimeZone(client)] as const,
    );
    if (options.json) return printJson(list);
    if (list.length === 0) return console.log('No domains configured. Add some domains to start scraping.');
    const rows = list.map((d) => ({
      ...d,
      url: readableAddress(d.url),
      priority: d.priority ?? '(4)',
      throttle: `${d.throttle}s`,
      status: d.status === 'error' && d.errorMessage ? `error: ${d.errorMessage.slice(0, 50)}` : d.status,
      lastScraped: dateTime(d.lastScraped, timeZone),
      skipped: skippedText(d.skipped) || '-',
    }));
    console.log(formatTable(rows, ['id', 'url', 'status', 'priority', 'throttle', 'articlesCount', 'skipped', 'lastScraped']));
    const count = (status: string) => list.filter((d) => d.status === status).length;
    console.log(`\nTotal: ${list.length} | Active: ${count('active')} | Success: ${count('success')} | Errors: ${count('error')}`);
  });

  withDataOptions(
    domains
      .command('add')
      .description('add a domain (a host name, or http://host:port for local sites)')
      .argument('<domain>')
      .option('--priority <n>', 'priority (higher first; unset counts as 4)')
      .option('--throttle <seconds>', 'seconds between two requests to the site (at least 1; default 2)')
      .option('--starting-url <url>', 'where crawling begins (default: the home page)'),
  ).action(async (url: string, options: DataOptions & { priority?: string; throttle?: string; startingUrl?: string }) => {
    const body = {
      url,
      status: 'active' as const,
      ...(options.priority !== undefined ? { priority: parsePriority(options.priority) } : {}),
      ...(options.throttle !== undefined ? { throttle: parseThrottle(options.throttle) } : {}),
      ...(options.startingUrl ? { startingUrl: options.startingUrl } : {}),
    };
    const domain = await withClient(options, (client) => client.domains.add(body));
    if (options.json) printJson(domain);
    else console.log(`Domain added successfully: ${readableAddress(domain.url)} (id ${domain.id})`);
  });

  withDataOptions(
    withExamples(
      domains.command('show').description('one domain: its status, articles and the pages skipped, and why').argument('<domain>', 'id, url or host'),
      'newsctl domains show example.com',
      'newsctl domains show 12 --json',
    ),
  ).action(async (ref: string, options: DataOptions) => {
    const [domain, timeZone] = await withClient(
      options,
      async (client) => [await findDomain(client, ref), options.json ? null : await productTimeZone(client)] as const,
    );
    if (options.json) return printJson(domain);
    console.log(
      [
        `${readableAddress(domain.url)} (id ${domain.id})`,
        `Status:        ${domain.status}${domain.errorMessage ? `: ${domain.errorMessage}` : ''}`,
        `Priority:      ${domain.priority ?? '(4)'}, one request every ${domain.throttle} s`,
        `Articles:      ${domain.articlesCount}${domain.teasers ? `, ${domain.teasers} of them teasers (the site showed only their start: a paywall)` : ''}`,
        `Skipped pages: ${skippedText(domain.skipped) || 'none'}`,
        `Last crawled:  ${dateTime(domain.lastScraped, timeZone)}`,
      ].join('\n'),
    );
  });

  interface RulesOptions extends DataOptions {
    body?: string;
    remove?: string[];
    clear?: boolean;
    preview?: string | boolean;
    reextract?: boolean;
  }
  withDataOptions(
    withExamples(
      domains
        .command('rules')
        .description("a site's extraction rules: CSS selectors of its article body and of parts to drop; try them on a page before saving")
        .argument('<domain>', 'id, url or host')
        .option('--body <selector>', 'the article body (e.g. "div.story-body")')
        .option('--remove <selector...>', 'parts to drop before the text is read (e.g. ".share-bar" "aside.related")')
        .option('--clear', 'remove the rules: the extractor decides alone')
        .option('--preview [url]', 'read a page of the site (default: its newest article) with the rules and without; saves nothing')
        .option('--reextract', "after saving, read the site's stored articles again with the rules (the re-fetcher's pace)"),
      'newsctl domains rules example.com',
      'newsctl domains rules example.com --body "article .story" --remove ".share-bar" --preview',
      'newsctl domains rules example.com --body "article .story" --remove ".share-bar" --reextract',
      'newsctl domains rules example.com --clear',
    ),
  ).action(async (ref: string, options: RulesOptions) => {
    const proposed = options.body !== undefined || options.remove !== undefined ? { body: options.body ?? null, remove: options.remove ?? [] } : undefined;
    if (options.clear && proposed) throw Invalid('--clear cannot go with --body or --remove');
    const result = await withClient(options, async (client) => {
      const domain = await findDomain(client, ref);
      if (options.preview !== undefined) {
        return {
          kind: 'preview' as const,
          preview: await client.domains.previewRules(domain.id, {
            ...(typeof options.preview === 'string' ? { url: options.preview } : {}),
            ...(proposed ? { rules: proposed } : {}),
          }),
        };
      }
      const saved =
        options.clear || proposed ? await client.domains.setRules(domain.id, options.clear ? null : proposed!) : await client.domains.rules(domain.id);
      const reextract = options.reextract ? await client.domains.reextract(domain.id) : null;
      return { kind: 'saved' as const, saved, reextract, domain };
    });
    if (options.json) return printJson(result.kind === 'preview' ? result.preview : { ...result.saved, reextract: result.reextract });
    if (result.kind === 'preview') {
      const { preview } = result;
      console.log(`${preview.url}\n${preview.title ?? '(no title)'}`);
      console.log(
        preview.rules
          ? `With the rules: ${preview.withRules.wordCount} words${preview.rules.body && !preview.withRules.bodyMatched ? ` (the body selector matched nothing here: the extractor chose)` : ''}; without: ${preview.withoutRules.wordCount} words\n`
          : `No rules: ${preview.withoutRules.wordCount} words\n`,
      );
      console.log(preview.withRules.text);
      return;
    }
    const { rules } = result.saved;
    console.log(
      rules
        ? `${readableAddress(result.domain.url)}: body ${rules.body ?? '(found by the extractor)'}; removed: ${rules.remove.length ? rules.remove.join(', ') : 'nothing'}`
        : `${readableAddress(result.domain.url)}: no rules (the extractor decides alone)`,
    );
    if (result.reextract) console.log(result.reextract.message);
  });

  withDataOptions(domains.command('remove').description('remove a domain (its articles stay)').argument('<domain>', 'id, url or host')).action(
    async (ref: string, options: DataOptions) => {
      const result = await withClient(options, async (client) => {
        const domain = await findDomain(client, ref);
        return client.domains.remove(domain.id);
      });
      if (options.json) printJson(result);
      else console.log('Domain removed successfully');
    },
  );

  withDataOptions(
    domains.command('set-priority').description("set a domain's priority").argument('<domain>', 'id, url or host').argument('<priority>', 'an integer'),
  ).action(async (ref: string, priority: string, options: DataOptions) => {
    const value = parsePriority(priority);
    const domain = await changeDomain(options, ref, { priority: value });
    if (options.json) printJson(domain);
    else console.log(`${readableAddress(domain.url)}: priority ${domain.priority}`);
  });

  withDataOptions(
    withExamples(
      domains
        .command('set-throttle')
        .description('set the seconds between two requests to a domain (at least 1)')
        .argument('<domain>', 'id, url or host')
        .argument('<seconds>'),
      'newsctl domains set-throttle example.com 5',
    ),
  ).action(async (ref: string, seconds: string, options: DataOptions) => {
    const value = parseThrottle(seconds);
    const domain = await changeDomain(options, ref, { throttle: value });
    if (options.json) printJson(domain);
    else console.log(`${readableAddress(domain.url)}: one request every ${domain.throttle} s`);
  });

  withDataOptions(
    domains
      .command('set-status')
      .description(`set a domain's status (${STATUSES.join(', ')})`)
      .argument('<domain>', 'id, url or host')
      .argument('<status>'),
  ).action(async (ref: string, status: string, options: DataOptions) => {
    if (!STATUSES.includes(status)) throw Invalid(`Status must be one of ${STATUSES.join(', ')}`);
    const domain = await changeDomain(options, ref, { status: status as 'active' });
    if (options.json) printJson(domain);
    else console.log(`Domain status updated successfully: ${readableAddress(domain.url)} is ${domain.status}`);
  });

  withDataOptions(
    domains
      .command('import')
      .description('import a .txt file (domain,priority lines, then #AVOID, then avoided domains) or an OPML file of feeds')
      .argument('<file>'),
  ).action(async (file: string, options: DataOptions) => {
    const lines = readInputFile(file)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) throw Invalid('No domains found in the file');
    const result = await withClient(options, (client) => client.domains.import(lines));
    if (options.json) return printJson(result);
    console.log(`Imported: ${result.added} added, ${result.skipped} skipped`);
    for (const skipped of result.skippedLines ?? []) console.log(`  skipped ${skipped.line}: ${skipped.reason}`);
  });

  withDataOptions(
    domains
      .command('export')
      .description('print (or write) the list in the import format, or the sources as OPML for a feed reader')
      .option('--output <file>', 'write to this file')
      .option('--format <format>', 'txt (the import format, avoid list included) or opml', 'txt'),
  ).action(async (options: DataOptions & { output?: string; format: string }) => {
    if (options.format !== 'txt' && options.format !== 'opml') throw Invalid(`--format must be txt or opml, not "${options.format}"`);
    const format = options.format;
    const exported = await withClient(options, (client) => client.domains.export(format));
    if (options.output) {
      writeFileSync(options.output, exported.text);
      if (!options.json) console.log(`Wrote ${exported.lines.length} lines to ${options.output}`);
    } else if (options.json) printJson(exported);
    else process.stdout.write(exported.text);
  });

  withDataOptions(domains.command('stats').description('articles spidered per domain')).action(async (options: DataOptions) => {
    const stats = await withClient(options, (client) => client.domains.stats());
    if (options.json) return printJson(stats);
    console.log(
      formatTable(
        Object.entries(stats).map(([domain, articles]) => ({ domain: readableHost(domain), articles })),
        ['domain', 'articles'],
      ),
    );
  });

  const avoid = program.command('avoid').description('the domain avoid list: hosts (and their sub-domains) never crawled');
  withDataOptions(avoid.command('list').description('the avoid list')).action(async (options: DataOptions) => {
    const list = await withClient(options, (client) => client.avoid.list());
    if (options.json) return printJson(list);
    const rows = list.map((entry) => ({ ...entry, url: readableAddress(entry.url) }));
    console.log(rows.length ? formatTable(rows, ['id', 'url', 'reason']) : 'The avoid list is empty');
  });
  withDataOptions(avoid.command('add').description('never crawl this host').argument('<domain>').option('--reason <text>', 'why')).action(
    async (url: string, options: DataOptions & { reason?: string }) => {
      const body = { url, ...(options.reason?.trim() ? { reason: options.reason.trim() } : {}) };
      const entry = await withClient(options, (client) => client.avoid.add(body));
      if (options.json) printJson(entry);
      else console.log(`Avoid domain added successfully: ${readableAddress(entry.url)}`);
    },
  );
  withDataOptions(avoid.command('remove').description('take a host off the avoid list').argument('<domain>', 'id or host')).action(
    async (ref: string, options: DataOptions) => {
      const result = await withClient(options, async (client) => {
        const list = await client.avoid.list();
        const wanted = ref.trim().toLowerCase();
        const entry = /^\d+$/.test(wanted) ? list.find((a) => a.id === Number(wanted)) : list.find((a) => a.url === wanted || a.url === storedHost(wanted));
        if (!entry) throw NotFound(`${ref} is not on the avoid list`);
        return client.avoid.remove(entry.id);
      });
      if (options.json) printJson(result);
      else console.log('Avoid domain removed successfully');
    },
  );
}
