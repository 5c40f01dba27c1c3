import { useEffect, useState, type FormEvent } from 'react';
import type { ConsoleDomain, RulesPreview } from '../../api/types';
import { callApi, endpoints, responseMessage } from '../../api/client';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useDomainWrite } from '../../hooks/useDomains';
import { readableAddress } from '../../lib/hosts';

/** The rules as the form holds them: one selector per line for the parts to drop. */
const toInput = (body: string, remove: string) => ({
  body: body.trim() || null,
  remove: remove
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
});

/**
 * A site's extraction rules: CSS selectors of its article body and of parts to drop, tried on one of
 * its pages (with them and without) before they are saved, and its stored articles read again.
 */
export function SiteRulesDialog({ domain, open, onOpenChange }: { domain: ConsoleDomain; open: boolean; onOpenChange: (open: boolean) => void }) {
  const name = readableAddress(domain.url);
  const [body, setBody] = useState('');
  const [remove, setRemove] = useState('');
  const [url, setUrl] = useState('');
  const [preview, setPreview] = useState<RulesPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  // The fields wait for the stored rules: typed before they came, the answer would overwrite them;
  // and stay closed when they cannot be read, as saving would replace rules nobody has seen.
  const [loaded, setLoaded] = useState(false);
  // Told inside the dialog: the console's toasts sit under its overlay.
  const [outcome, setOutcome] = useState<{ failed: boolean; text: string } | null>(null);
  const failed = (error: unknown, fallback: string) => setOutcome({ failed: true, text: responseMessage(error) ?? fallback });
  const save = useDomainWrite((rules: ReturnType<typeof toInput> | null) => callApi(endpoints.setDomainRules, { params: { id: domain.id }, body: rules }));
  const reextract = useDomainWrite(() => callApi(endpoints.reextractDomain, { params: { id: domain.id } }));

  useEffect(() => {
    if (!open) return;
    let current = true;
    setPreview(null);
    setOutcome(null);
    setLoaded(false);
    callApi(endpoints.domainRules, { params: { id: domain.id } }).then(
      ({ rules }) => {
        if (!current) return;
        setBody(rules?.body ?? '');
        setRemove((rules?.remove ?? []).join('\n'));
        setLoaded(true);
      },
      (error) => current && setOutcome({ failed: true, text: responseMessage(error) ?? 'Failed to load the rules' }),
    );
    return () => {
      current = false;
    };
  }, [open, domain.id]);

  const tryRules = async (event: FormEvent) => {
    event.preventDefault();
    setPreviewing(true);
    setOutcome(null);
    try {
      setPreview(
        await callApi(endpoints.previewDomainRules, {
          params: { id: domain.id },
          body: { ...(url.trim() ? { url: url.trim() } : {}), rules: toInput(body, remove) },
        }),
      );
    } catch (error) {
      failed(error, 'Failed to preview the rules');
    } finally {
      setPreviewing(false);
    }
  };
  const rules = toInput(body, remove);
  const empty = !rules.body && rules.remove.length === 0;

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={`Extraction rules: ${name}`} className="max-w-3xl">
      <form onSubmit={tryRules} className="space-y-3" aria-label={`Extraction rules of ${name}`}>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          For a site whose pages extract badly: CSS selectors of its article body and of parts to drop. Try them on one of its pages before saving.
        </p>
        <Field label="Article body (CSS selector)" hint="Empty: the extractor finds the body itself">
          <input
            className="field w-full font-mono text-sm"
            value={body}
            disabled={!loaded}
            onChange={(event) => setBody(event.target.value)}
            placeholder={loaded ? 'article .story-body' : outcome?.failed ? 'The stored rules could not be read' : 'Loading the rules…'}
          />
        </Field>
        <Field label="Parts to drop (one CSS selector a line)">
          <textarea
            className="field h-20 w-full font-mono text-sm"
            value={remove}
            disabled={!loaded}
            onChange={(event) => setRemove(event.target.value)}
            placeholder=".share-bar"
          />
        </Field>
        <Field label="Page to try them on" hint="Empty: the site's newest article">
          <input className="field w-full text-sm" type="url" value={url} onChange={(event) => setUrl(event.target.value)} placeholder={domain.url} />
        </Field>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="button-secondary" disabled={previewing}>
            {previewing ? (
              <>
                <Spinner /> Reading the page…
              </>
            ) : (
              'Preview'
            )}
          </button>
          <button
            type="button"
            className="button-primary"
            disabled={save.isPending || !loaded}
            onClick={() =>
              save.mutate(empty ? null : rules, {
                onSuccess: () => setOutcome({ failed: false, text: empty ? 'Rules cleared' : 'Rules saved' }),
                onError: (error) => failed(error, 'Failed to save the rules'),
              })
            }
          >
            {empty ? 'Clear rules' : 'Save rules'}
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={reextract.isPending}
            onClick={() =>
              reextract.mutate(undefined, {
                onSuccess: (result) => setOutcome({ failed: false, text: result.message }),
                onError: (error) => failed(error, 'Failed to re-extract'),
              })
            }
          >
            Re-extract stored articles
          </button>
        </div>
        {outcome &&
          (outcome.failed ? (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
              {outcome.text}
            </p>
          ) : (
            <p role="status" className="text-sm font-medium text-green-800 dark:text-green-400">
              {outcome.text}
            </p>
          ))}
      </form>
      {preview && (
        <section aria-label="Preview" className="mt-4 space-y-2" data-testid="rules-preview">
          <p className="text-sm break-all text-gray-700 dark:text-gray-300">
            {preview.title ?? '(no title)'} — {preview.url}
          </p>
          <p className="text-sm font-medium" data-testid="preview-counts">
            With the rules: {preview.withRules.wordCount} words
            {preview.rules?.body && !preview.withRules.bodyMatched ? ' (the body selector matched nothing here: the extractor chose)' : ''}; without:{' '}
            {preview.withoutRules.wordCount} words
          </p>
          <div className="grid gap-3 md:grid-cols-2">
            <div>
              <h3 className="mb-1 text-sm font-semibold">With the rules</h3>
              <pre className="max-h-64 overflow-auto text-xs whitespace-pre-wrap" tabIndex={0} data-testid="preview-with-rules">
                {preview.withRules.text}
              </pre>
            </div>
            <div>
              <h3 className="mb-1 text-sm font-semibold">Without</h3>
              <pre className="max-h-64 overflow-auto text-xs whitespace-pre-wrap" tabIndex={0} data-testid="preview-without-rules">
                {preview.withoutRules.text}
              </pre>
            </div>
          </div>
        </section>
      )}
    </Modal>
  );
}
