import { useQuery } from '@tanstack/react-query';
import * as keys from '../api/public-keys';
import type { ImplicationsPrompt } from '../api/types';

/** Loaded on demand: only once some trend offers an 'analyze implications' link. */
export function useImplicationsPromptQuery(enabled: boolean) {
  return useQuery<ImplicationsPrompt>({ queryKey: keys.settings.one('analyze-implications-prompt'), enabled });
}
