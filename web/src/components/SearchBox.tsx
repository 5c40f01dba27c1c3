import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Field } from './Field';

/** Sends the trimmed, URL-encoded text to /search?q=…; empty text does nothing. */
export function SearchBox({ initialTerm = '' }: { initialTerm?: string }) {
  const [term, setTerm] = useState(initialTerm);
  const [, navigate] = useLocation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (trimmed === '') return;
    navigate(`/search?q=${encodeURIComponent(trimmed)}`);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: role=search on the form is the landmark every reader knows; <search> is younger than some readers
    <form role="search" onSubmit={submit} className="flex gap-2">
      <Field label="Search articles" hideLabel className="min-w-0 flex-1">
        <input type="search" value={term} onChange={(event) => setTerm(event.target.value)} placeholder="Search articles..." className="field w-full" />
      </Field>
      <button type="submit" className="button-primary">
        Search
      </button>
    </form>
  );
}
