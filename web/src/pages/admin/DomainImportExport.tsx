import { useRef, useState, type DragEvent } from 'react';
import { Panel } from '../../components/Panel';
import { exportDomains, useDomainsQuery, useImportDomainsMutation } from '../../hooks/useDomains';
import { useSiteInfoQuery } from '../../hooks/useSiteInfoQuery';
import { dateInZone } from '../../lib/clock';
import { importLines, saveFile } from '../../lib/downloads';
import { notifyFailure, notifyInvalid, notifySuccess } from '../../lib/notify';

/** Domain import (a dropped or chosen .txt or OPML file) and export as domains-{date}.txt. */
export function DomainImportExport() {
  const domains = useDomainsQuery();
  const importDomains = useImportDomainsMutation();
  const timeZone = useSiteInfoQuery().data?.timeZone ?? 'America/Chicago';
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [exporting, setExporting] = useState(false);

  const importFile = async (file: File) => {
    if (!/\.(txt|opml)$/i.test(file.name)) {
      notifyInvalid('Please upload a .txt file');
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      notifyInvalid('Failed to read the file');
      return;
    }
    const lines = importLines(text);
    if (lines.length === 0) {
      notifyInvalid('No domains found in the file');
      return;
    }
    importDomains.mutate(lines, {
      onSuccess: (result) => notifySuccess('Domains Imported', `${result.added} added, ${result.skipped} skipped`),
      onError: (error) => notifyFailure(error, 'Failed to import domains'),
    });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void importFile(file);
  };

  const download = async (format: 'txt' | 'opml') => {
    setExporting(true);
    try {
      const exported = await exportDomains(format);
      saveFile(`domains-${dateInZone(new Date(), timeZone)}.${format}`, exported.text);
    } catch (error) {
      notifyFailure(error, 'Failed to export domains');
    } finally {
      setExporting(false);
    }
  };

  return (
    <Panel
      title="Import / Export Domains"
      description={
        <>
          A .txt file: one source domain per line as <code>domain,priority</code>, then a line <code>#AVOID</code>, then the domains to avoid. Or an OPML file
          that a feed reader exported: its sites are added.
        </>
      }
      actions={
        <div className="flex flex-wrap gap-2">
          <button type="button" className="button-secondary" disabled={exporting} onClick={() => void download('txt')}>
            {exporting ? 'Exporting...' : 'Export Domains'}
          </button>
          {/* For a feed reader: the sources as OPML, in folders by topic. */}
          <button type="button" className="button-secondary" disabled={exporting} onClick={() => void download('opml')}>
            Export OPML
          </button>
        </div>
      }
      testId="domain-import"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for a dragged file; the keyboard's way in is the "Choose a file" button inside it */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="domain-drop-zone"
        className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center text-sm ${
          dragging ? 'border-blue-600 bg-blue-50 dark:bg-blue-950/40' : 'border-gray-300 dark:border-gray-700'
        }`}
      >
        <p>{importDomains.isPending ? 'Importing...' : 'Drop a .txt file here, or'}</p>
        <button type="button" className="button-primary" disabled={importDomains.isPending} onClick={() => picker.current?.click()}>
          Choose a file
        </button>
        <input
          ref={picker}
          type="file"
          accept=".txt,.opml,text/plain,text/x-opml"
          className="sr-only"
          tabIndex={-1}
          aria-label="Domain file to import"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void importFile(file);
          }}
        />
        <p className="text-xs text-gray-600 dark:text-gray-400">{domains.data ? `${domains.data.length} domains in the list now` : ''}</p>
      </div>
    </Panel>
  );
}
