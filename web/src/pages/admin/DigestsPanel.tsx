import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi, endpoints } from '../../api/client';
import * as keys from '../../api/keys';
import { DataTable } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { Panel } from '../../components/Panel';
import { SettingsEditor } from '../../components/SettingsEditor';
import { formatArticleAge } from '../../lib/ages';
import { notifyFailure, notifyInvalid, notifySuccess } from '../../lib/notify';

const SUBSCRIBERS_POLL_MS = 30_000;

/** E-mail digests: the SMTP server, when they go out, who subscribes, and a send now or a test to one address. */
export function DigestsPanel() {
  const queryClient = useQueryClient();
  const subscribers = useQuery({ queryKey: keys.digests.subscribers(), queryFn: () => callApi(endpoints.subscribers), refetchInterval: SUBSCRIBERS_POLL_MS });
  const [to, setTo] = useState('');
  const send = useMutation({
    mutationFn: (body: { to?: string }) => callApi(endpoints.sendDigest, { body }),
    onSuccess: (result) => {
      notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: keys.digests.all() });
    },
    onError: (error) => notifyFailure(error, 'Failed to send the digest'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => callApi(endpoints.removeSubscriber, { params: { id } }),
    onSuccess: (result) => {
      notifySuccess(result.message);
      void queryClient.invalidateQueries({ queryKey: keys.digests.all() });
    },
    onError: (error) => notifyFailure(error, 'Failed to remove the subscriber'),
  });
  const sendTest = (event: FormEvent) => {
    event.preventDefault();
    if (!to.trim()) return notifyInvalid('Enter the address to send the test digest to');
    send.mutate({ to: to.trim() });
  };
  const data = subscribers.data;
  const now = Date.now();
  return (
    <div className="space-y-4">
      <SettingsEditor
        settingKey="email"
        title="E-mail Server"
        description="The SMTP server digests and confirmation mails go through. Without a host, the site shows no subscribe form and nothing is sent."
        failureTitle="Save Failed"
        failureText="Failed to save the e-mail server."
        testId="email"
      />
      <SettingsEditor
        settingKey="digest-settings"
        title="Digest Schedule"
        description="Daily digests go out every day at this time; weekly ones on their day, at the same time."
        failureTitle="Save Failed"
        failureText="Failed to save the digest settings."
        testId="digest-settings"
      />
      <Panel
        title="Digest Subscribers"
        description={
          data
            ? `${data.counts.confirmed} subscribed, ${data.counts.pending} waiting for confirmation, ${data.counts.stopped} stopped after bounces, ${data.counts.unsubscribed} unsubscribed. Links in the mails point to ${data.linksTo}. ${data.pushBrowsers} browsers have push alerts on.`
            : undefined
        }
        testId="digest-subscribers"
      >
        <form onSubmit={sendTest} className="mb-4 flex flex-wrap items-end gap-2">
          <Field label="Send a test digest to" className="min-w-0 flex-1 basis-64">
            <input type="email" value={to} onChange={(event) => setTo(event.target.value)} className="field w-full" autoComplete="email" />
          </Field>
          <button type="submit" className="button-secondary" disabled={send.isPending || !data?.emailConfigured}>
            Send test
          </button>
          <button type="button" className="button-primary" disabled={send.isPending || !data?.emailConfigured} onClick={() => send.mutate({})}>
            {send.isPending ? 'Sending…' : 'Send digests now'}
          </button>
        </form>
        <DataTable
          caption="Digest subscribers"
          rows={data?.subscribers ?? []}
          rowKey={(row) => row.id}
          empty={subscribers.isPending ? 'Loading...' : 'No subscribers yet.'}
          columns={[
            { header: 'Address', cell: (row) => <span className="break-all">{row.email}</span> },
            { header: 'Topics', cell: (row) => row.topics.join(', ') },
            { header: 'How often', cell: (row) => row.frequency },
            { header: 'Status', cell: (row) => (row.status === 'stopped' && row.lastError ? `stopped: ${row.lastError}` : row.status) },
            { header: 'Bounces', numeric: true, cell: (row) => row.bounces },
            { header: 'Last digest', cell: (row) => (row.lastDigestAt ? formatArticleAge(row.lastDigestAt, now) : '—') },
            {
              header: 'Remove',
              cell: (row) => (
                <button
                  type="button"
                  className="button-danger button-small"
                  aria-label={`Remove ${row.email}`}
                  onClick={() => remove.mutate(row.id)}
                  disabled={remove.isPending}
                >
                  Remove
                </button>
              ),
            },
          ]}
        />
      </Panel>
    </div>
  );
}
