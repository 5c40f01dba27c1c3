import { useQuery } from '@tanstack/react-query';
import * as keys from '../../api/keys';
import { DataTable } from '../../components/DataTable';
import { Panel } from '../../components/Panel';
import { SettingsEditor } from '../../components/SettingsEditor';
import { formatArticleAge } from '../../lib/ages';

interface Delivery {
  id: number;
  event: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  createdAt: string;
}

const DELIVERIES_POLL_MS = 15_000;

/** Webhook endpoints (a setting) and what was sent to them lately. */
export function WebhooksPanel() {
  const deliveries = useQuery<Delivery[]>({ queryKey: keys.webhooks.deliveries(), refetchInterval: DELIVERIES_POLL_MS });
  const now = Date.now();
  return (
    <div className="space-y-4">
      <SettingsEditor
        settingKey="webhooks"
        title="Webhooks"
        description="Each endpoint gets a JSON POST for the events it lists (comma-separated, or *), signed: X-Newsctl-Signature is sha256= the HMAC-SHA256 of “{X-Newsctl-Timestamp}.{body}” with its secret."
        failureTitle="Save Failed"
        failureText="Failed to save the webhooks."
        testId="webhooks"
      />
      <Panel title="Recent Webhook Deliveries" testId="webhook-deliveries">
        <DataTable
          caption="Recent webhook deliveries"
          rows={deliveries.data ?? []}
          rowKey={(row) => row.id}
          empty={deliveries.isPending ? 'Loading...' : 'Nothing sent yet.'}
          columns={[
            { header: 'Event', cell: (row) => row.event },
            { header: 'Endpoint', cell: (row) => <span className="break-all">{row.url}</span> },
            {
              header: 'Status',
              cell: (row) =>
                row.status === 'failed' ? `failed: ${row.error ?? ''}` : row.status === 'pending' && row.error ? `retrying: ${row.error}` : row.status,
            },
            { header: 'Tries', numeric: true, cell: (row) => row.attempts },
            { header: 'When', cell: (row) => formatArticleAge(row.createdAt, now) },
          ]}
        />
      </Panel>
    </div>
  );
}
