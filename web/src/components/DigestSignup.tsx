import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi, endpoints, serverMessage } from '../api/client';
import type { Topic } from '../api/types';
import { TopicChoice } from './TopicChoice';
import { useSiteInfoQuery } from '../hooks/useSiteInfoQuery';
import { Field } from './Field';

type Frequency = 'daily' | 'weekly';

/**
 * The e-mail digest's subscribe form (shown when the site has an e-mail server). The answer is the
 * same for every address: the reader learns to look for the confirmation mail, nothing more.
 */
export function DigestSignup() {
  const site = useSiteInfoQuery();
  const [email, setEmail] = useState('');
  const [topics, setTopics] = useState<Topic[]>(['usa', 'international']);
  const [frequency, setFrequency] = useState<Frequency>('daily');
  const subscribe = useMutation({ mutationFn: () => callApi(endpoints.subscribe, { body: { email: email.trim(), topics, frequency } }) });
  if (!site.data?.digests) return null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() && topics.length) subscribe.mutate();
  };
  return (
    <section aria-labelledby="digest-heading" className="card p-4 sm:p-5" data-testid="digest-signup">
      <h2 id="digest-heading" className="text-lg font-semibold">
        The news by e-mail
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">The top stories of your topics, with their sources, once a day or once a week.</p>
      {subscribe.isSuccess ? (
        <p role="status" className="mt-3 rounded-md bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
          {subscribe.data.message}
        </p>
      ) : (
        <form onSubmit={submit} className="mt-3 max-w-2xl space-y-3">
          <TopicChoice chosen={topics} onChange={setTopics} />
          <fieldset>
            <legend className="label">How often</legend>
            <div className="flex gap-4">
              {(['daily', 'weekly'] as const).map((value) => (
                <label key={value} className="inline-flex min-h-6 items-center gap-1.5 text-sm">
                  <input
                    type="radio"
                    name="digest-frequency"
                    checked={frequency === value}
                    onChange={() => setFrequency(value)}
                    className="size-4 accent-blue-700"
                  />
                  {value === 'daily' ? 'Daily' : 'Weekly'}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-end gap-2">
            <Field
              label="E-mail address"
              className="min-w-0 flex-1 basis-64"
              error={subscribe.isError ? (serverMessage(subscribe.error) ?? 'Could not subscribe; try again.') : undefined}
            >
              <input type="email" required autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} className="field w-full" />
            </Field>
            <button type="submit" className="button-primary" disabled={subscribe.isPending || topics.length === 0}>
              {subscribe.isPending ? 'Subscribing…' : 'Subscribe'}
            </button>
          </div>
          <p className="text-xs text-gray-600 dark:text-gray-400">
            We mail you a link to confirm; nothing is sent until you do. Every digest has a link to unsubscribe.
          </p>
        </form>
      )}
    </section>
  );
}
