import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Field } from '../../components/Field';
import { Panel } from '../../components/Panel';
import { useAddAvoidDomainMutation, useAvoidDomainsQuery, useRemoveAvoidDomainMutation } from '../../hooks/useDomains';
import { readableAddress } from '../../lib/hosts';
import { notifyFailure, notifyInvalid, notifySuccess } from '../../lib/notify';

/** The Domain Avoid List: hosts the spider never visits. */
export function AvoidListPanel() {
  const avoid = useAvoidDomainsQuery();
  const add = useAddAvoidDomainMutation();
  const remove = useRemoveAvoidDomainMutation();
  const [url, setUrl] = useState('');
  const [reason, setReason] = useState('');

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const domain = url.trim();
    if (domain === '') {
      notifyInvalid('Please enter a domain to avoid');
      return;
    }
    const why = reason.trim();
    add.mutate(why ? { url: domain, reason: why } : { url: domain }, {
      onSuccess: () => {
        notifySuccess('Avoid domain added successfully');
        setUrl('');
        setReason('');
      },
      onError: (error) => notifyFailure(error, 'Failed to add avoid domain'),
    });
  };

  // Enter without Shift submits. Shift+Enter does nothing (not even the form's
  // implicit submission).
  const onDomainKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    if (event.shiftKey) event.preventDefault();
    else submit(event);
  };

  return (
    <Panel title="Domain Avoid List" description="The spider never visits these hosts (or their sub-domains)." testId="avoid-list">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <Field label="Domain to avoid">
          <input
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            onKeyDown={onDomainKey}
            placeholder="example.com"
            autoComplete="off"
            className="field block w-full"
          />
        </Field>
        <Field label="Reason (optional)">
          <textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={1} className="field block min-h-[2.65rem] w-full" />
        </Field>
        <div className="sm:pt-6">
          <button type="submit" className="button-primary" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add'}
          </button>
        </div>
      </form>
      <div className="mt-4">
        {avoid.isPending ? (
          <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
            Loading...
          </p>
        ) : avoid.isError && !avoid.data ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Failed to load the avoid list.
          </p>
        ) : avoid.data.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">No domains on the avoid list.</p>
        ) : (
          <ul
            className="max-h-96 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800"
            data-testid="avoid-entries"
          >
            {avoid.data.map((entry) => (
              <li key={entry.id} className="flex items-center gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium" title={readableAddress(entry.url) === entry.url ? undefined : entry.url}>
                    {readableAddress(entry.url)}
                  </p>
                  {entry.reason && <p className="text-sm text-gray-600 dark:text-gray-400">{entry.reason}</p>}
                </div>
                <button
                  type="button"
                  className="button-secondary button-small"
                  aria-label={`Remove ${readableAddress(entry.url)} from the avoid list`}
                  disabled={remove.isPending && remove.variables === entry.id}
                  onClick={() =>
                    remove.mutate(entry.id, {
                      onSuccess: () => notifySuccess('Avoid domain removed successfully'),
                      onError: (error) => notifyFailure(error, 'Failed to remove avoid domain'),
                    })
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}
