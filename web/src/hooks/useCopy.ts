import { useEffect, useRef, useState } from 'react';
import { COPY_CONFIRMATION_MS } from '../api/timings';
import { copyText } from '../lib/clipboard';
import { notifyInvalid, notifySuccess } from '../lib/notify';

/** A Copy button's behaviour: "Copied!" for 2 s after a copy, and the product's toasts. */
export function useCopy(): { copied: boolean; copy: (text: string, label: string) => void } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = (text: string, label: string) => {
    copyText(text).then(
      () => {
        notifySuccess('Copied!', `${label} copied to clipboard`);
        setCopied(true);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
      },
      () => notifyInvalid('Failed to copy to clipboard'),
    );
  };
  return { copied, copy };
}
