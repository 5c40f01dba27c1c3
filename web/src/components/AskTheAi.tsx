import { useState, type FormEvent } from 'react';
import type { Topic } from '../api/types';
import { questionLink } from '../lib/assistant-links';
import { Field } from './Field';

/** A question about the topic, handed to the external assistant in a new tab. */
export function AskTheAi({ topic, topicLabel, assistantUrl }: { topic: Topic; topicLabel: string; assistantUrl: string | undefined }) {
  const [question, setQuestion] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = question.trim();
    if (trimmed === '' || !assistantUrl) return;
    window.open(questionLink(assistantUrl, trimmed, topic, window.location.origin), '_blank', 'noopener,noreferrer');
  };
  return (
    <form onSubmit={submit} className="rounded-lg border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40">
      <Field
        labelClassName="flex items-center gap-2 text-sm font-semibold"
        label={
          <>
            <span>
              Ask the AI<span className="sr-only"> about {topicLabel}</span>
            </span>
            <span className="rounded bg-amber-700 px-1.5 py-0.5 text-[0.65rem] font-bold tracking-wide text-white dark:bg-amber-500 dark:text-black">NEW</span>
          </>
        }
      >
        {(control) => (
          <div className="mt-2 flex gap-2">
            <input
              {...control}
              type="text"
              value={question}
              onChange={(event) => setQuestion(event.target.value)}
              placeholder="Ask a question..."
              className="field min-w-0 flex-1"
            />
            <button type="submit" className="button-primary">
              Submit
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
