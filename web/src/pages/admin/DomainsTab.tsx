import { useEffect, useState, type FormEvent } from 'react';
import type { ConsoleDomain, DomainChanges, DomainStatus } from '../../api/types';
import { Field } from '../../components/Field';
import { Panel } from '../../components/Panel';
import { Spinner } from '../../components/Spinner';
import { DisabledReason } from '../../components/DisabledReason';
import { Tip } from '../../components/Tip';
import {
  useAddDomainMutation,
  useDomainStatsQuery,
  useDomainsQuery,
  useRelatedSitesQuery,
  useRemoveDomainMutation,
  useScrapeRelatedMutation,
  useUpdateDomainMutation,
} from '../../hooks/useDomains';
import { DEFAULT_DOMAIN_PRIORITY } from '../../lib/articles';
import { countDomains, domainNotes, parsePriority, sortDomainsByPriority } from '../../lib/domains';
import { readableAddress, readableHost } from '../../lib/hosts';
import { notifyFailure, notifyInvalid, notifySuccess } from '../../lib/notify';
import { AvoidListPanel } from './AvoidListPanel';
import { SiteRulesDialog } from './SiteRulesDialog';

const STATUS_OPTIONS: { value: DomainStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'success', label: 'Success' },
  { value: 'error', label: 'Error' },
  { value: 'avoided', label: 'Avoided' },
];

const STATUS_COLOURS: Record<string, string> = {
  active: 'bg-blue-500',
  success: 'bg-green-500',
  error: 'bg-red-500',
  avoided: 'bg-gray-900 dark:bg-gray-300',
  paused: 'bg-yellow-500',
  idle: 'bg-gray-400',
};

function PriorityInput({ domain }: { domain: ConsoleDomain }) {
  const update = useUpdateDomainMutation();
  const stored = String(domain.priority ?? DEFAULT_DOMAIN_PRIORITY);
  const [text, setText] = useState(stored);
  useEffect(() => setText(stored), [stored]);
  const commit = () => {
    const priority = parsePriority(text);
    // Not a number: ignored, and the field shows the stored value again.
    if (priority === null) return setText(stored);
    if (String(priority) === stored) return;
    update.mutate(
      { id: domain.id, changes: { priority } },
      {
        onError: (error) => {
          setText(stored);
          notifyFailure(error, 'Failed to update priority');
        },
      },
    );
  };
  return (
    <input
      type="number"
      inputMode="numeric"
      step={1}
      aria-label={`Priority of ${readableAddress(domain.url)}`}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      className="field w-20 px-2 py-1 text-sm"
    />
  );
}

function DomainRow({ domain }: { domain: ConsoleDomain }) {
  const update = useUpdateDomainMutation();
  const remove = useRemoveDomainMutation();
  const notes = domainNotes(domain);
  const [rulesOpen, setRulesOpen] = useState(false);
  const known = STATUS_OPTIONS.some((option) => option.value === domain.status);
  // An internationalised name reads in Unicode; the stored form is its tooltip.
  const name = readableAddress(domain.url);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5" data-testid="domain-row">
      <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${STATUS_COLOURS[domain.status] ?? 'bg-gray-400'}`} />
      <div className="min-w-0 flex-1 basis-48">
        <span className="font-medium break-all" title={name === domain.url ? undefined : domain.url}>
          {name}
        </span>
        {notes.map((note) => (
          <span
            key={note}
            className={`ml-1.5 text-xs ${note.startsWith('(Error') ? 'text-red-700 dark:text-red-400' : note === '(Success)' ? 'text-green-800 dark:text-green-400' : 'text-gray-600 dark:text-gray-400'}`}
          >
            {note}
          </span>
        ))}
        {/* Beside the name, not among the controls: they keep one line on a phone. */}
        <button
          type="button"
          aria-label={`Extraction rules of ${name}`}
          onClick={() => setRulesOpen(true)}
          className="ml-1.5 inline-flex min-h-6 items-center text-xs text-gray-700 underline hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-gray-300"
        >
          Rules{domain.rules ? ' ✓' : ''}
        </button>
        {rulesOpen && <SiteRulesDialog domain={domain} open={rulesOpen} onOpenChange={setRulesOpen} />}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <select
          aria-label={`Status of ${name}`}
          value={domain.status}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate(
              { id: domain.id, changes: { status: event.target.value as NonNullable<DomainChanges['status']> } },
              {
                onSuccess: () => notifySuccess('Domain status updated successfully'),
                onError: (error) => notifyFailure(error, 'Failed to update status'),
              },
            )
          }
          className="field w-[6.5rem] px-2 py-1 text-sm"
        >
          {!known && <option value={domain.status}>{domain.status.charAt(0).toUpperCase() + domain.status.slice(1)}</option>}
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <PriorityInput domain={domain} />
        <Tip label="Seconds between two requests to this site">
          <span
            className="w-12 text-center text-sm text-gray-700 tabular-nums sm:w-20 dark:text-gray-300"
            tabIndex={0}
            role="note"
            aria-label={`Throttle ${domain.throttle ?? 2} seconds`}
          >
            {domain.throttle ?? 2}s
          </span>
        </Tip>
        <button
          type="button"
          aria-label={`Remove ${name}`}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(domain.id, {
              onSuccess: () => notifySuccess('Domain removed successfully'),
              onError: (error) => notifyFailure(error, 'Failed to remove domain'),
            })
          }
          className="w-8 rounded-md px-2 py-1 text-lg leading-none text-gray-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-gray-400 dark:hover:bg-red-950"
        >
          ×
        </button>
      </div>
    </li>
  );
}

function DomainManagement() {
  const domains = useDomainsQuery();
  const related = useRelatedSitesQuery();
  const add = useAddDomainMutation();
  const scrape = useScrapeRelatedMutation();
  const [url, setUrl] = useState('');
  const hosts = related.data?.sites.map((site) => readableHost(site.host)) ?? [];
  const hostText = hosts.length > 0 ? hosts.join(' and ') : null;
  const counts = countDomains(domains.data ?? []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const domain = url.trim();
    if (domain === '') {
      notifyInvalid('Please enter a domain');
      return;
    }
    add.mutate(domain, {
      onSuccess: () => {
        notifySuccess('Domain added successfully');
        setUrl('');
      },
      onError: (error) => notifyFailure(error, 'Failed to add domain'),
    });
  };

  const scrapeButton = (
    <button
      type="button"
      className="button-secondary"
      disabled={!hostText || scrape.isPending}
      onClick={() =>
        scrape.mutate(undefined, {
          onSuccess: (result) => notifySuccess('Scrape Complete', result.message),
          onError: (error) => notifyFailure(error, `Failed to scrape domains from ${hostText ?? 'the related site'}`),
        })
      }
    >
      {scrape.isPending && <Spinner className="mr-2 size-4" />}
      {scrape.isPending ? 'Scraping...' : `Scrape Domains from ${hostText ?? 'a related site'}`}
    </button>
  );

  return (
    <Panel
      title="Domain Management"
      description={`Currently spidering ${counts.spidered} domain(s)`}
      actions={
        <DisabledReason reason="No related site configured (NEWSCTL_RELATED_SITES)" disabled={!hostText && !related.isPending}>
          {scrapeButton}
        </DisabledReason>
      }
      testId="domain-management"
    >
      <form onSubmit={submit} className="flex gap-2">
        <Field label="New domain" hideLabel className="min-w-0 flex-1">
          <input
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder={`Add new domain (e.g., ${hosts[0] ?? 'example.com'})`}
            autoComplete="off"
            className="field w-full"
          />
        </Field>
        <button type="submit" className="button-primary" disabled={add.isPending}>
          Add
        </button>
      </form>
      <div className="mt-4">
        {domains.isPending ? (
          <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
            Loading...
          </p>
        ) : domains.isError && !domains.data ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Failed to load the domains.
          </p>
        ) : domains.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600 dark:border-gray-700 dark:text-gray-400">
            No domains configured. Add some domains to start scraping.
          </p>
        ) : (
          <>
            <div
              aria-hidden="true"
              className="hidden justify-end gap-2 px-3 pb-1 text-xs font-semibold tracking-wide whitespace-nowrap text-gray-600 uppercase sm:flex dark:text-gray-400"
            >
              <span className="w-[6.5rem]">Status</span>
              <span className="w-20">Priority</span>
              <span className="w-20 text-center">Throttle</span>
              <span className="w-8" />
            </div>
            <ul
              aria-label="Domains"
              className="max-h-96 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800"
            >
              {sortDomainsByPriority(domains.data).map((domain) => (
                <DomainRow key={domain.id} domain={domain} />
              ))}
            </ul>
          </>
        )}
      </div>
      <p className="mt-3 text-sm text-gray-700 tabular-nums dark:text-gray-300" data-testid="domain-counts">
        Total: {counts.total} | Active: {counts.active} | Success: {counts.success} | Errors: {counts.errors}
      </p>
    </Panel>
  );
}

function RelatedSourceDomains() {
  const related = useRelatedSitesQuery();
  const stats = useDomainStatsQuery();
  const sites = related.data?.sites ?? [];
  return (
    <Panel title="Related Source Domains" description="These domains are used to discover related sources for generated articles" testId="related-domains">
      {related.isPending ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          Loading...
        </p>
      ) : sites.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">No related site configured (set NEWSCTL_RELATED_SITES).</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {sites.map((site) => (
            <li key={site.url} className="rounded-lg bg-gray-50 px-4 py-3 dark:bg-gray-800/60">
              <p className="font-medium">{readableHost(site.host)}</p>
              <p className="text-sm text-gray-700 tabular-nums dark:text-gray-300">{stats.data?.[site.host] ?? 0} articles spidered</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function DomainsTab() {
  return (
    <div className="space-y-6">
      <DomainManagement />
      <RelatedSourceDomains />
      <AvoidListPanel />
    </div>
  );
}
