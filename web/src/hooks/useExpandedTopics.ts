import { useCallback, useEffect, useState } from 'react';

const STORAGE_KEY = 'expandedTopics';

function readStored(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((topic): topic is string => typeof topic === 'string') : [];
  } catch {
    return [];
  }
}

/** Topics whose full trend list the visitor opened, kept in localStorage and saved on every change. */
export function useExpandedTopics() {
  const [expandedTopics, setExpandedTopics] = useState<string[]>(readStored);
  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(expandedTopics));
    } catch {
      // Private mode or a full quota: the choice lasts for this visit only.
    }
  }, [expandedTopics]);
  const toggleTopic = useCallback((topic: string) => {
    setExpandedTopics((current) => (current.includes(topic) ? current.filter((t) => t !== topic) : [...current, topic]));
  }, []);
  return { expandedTopics, toggleTopic };
}
