import { TOPIC_NAMES, TOPICS, type Topic } from '../api/types';

/** The topics a reader follows (the digest's, the push alerts'): one checkbox each, at least one asked for. */
export function TopicChoice({ chosen, onChange, className }: { chosen: Topic[]; onChange: (topics: Topic[]) => void; className?: string }) {
  const toggle = (topic: Topic) => onChange(chosen.includes(topic) ? chosen.filter((t) => t !== topic) : [...chosen, topic]);
  return (
    <fieldset className={className}>
      <legend className="label">Topics</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {TOPICS.map((topic) => (
          <label key={topic} className="inline-flex min-h-6 items-center gap-1.5 text-sm">
            <input type="checkbox" checked={chosen.includes(topic)} onChange={() => toggle(topic)} className="size-4 accent-blue-700" />
            {TOPIC_NAMES[topic]}
          </label>
        ))}
      </div>
      {chosen.length === 0 && <p className="mt-1 text-sm text-red-800 dark:text-red-300">Choose at least one topic.</p>}
    </fieldset>
  );
}
