import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/keys';
import type { EditableScriptKind } from '../api/types';

/** Each kind's area: its key prefix, so a save counts as one of the area's writes and refreshes its reads. */
const AREA: Record<EditableScriptKind, readonly string[]> = {
  conversational: keys.podcast.all(),
  'conversational-enhanced': keys.podcast.all(),
  interview: keys.interview.all(),
  'interview-refined': keys.interview.all(),
  lyrics: keys.music.all(),
};

function useSaveScriptMutation(kind: EditableScriptKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...AREA[kind], 'save', kind],
    mutationFn: (scriptText: string) => callApi(endpoints.saveScript, { params: { kind }, body: { scriptText } }),
    // Awaited before the save resolves, so the box never shows the old text in between.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AREA[kind] }),
  });
}

export interface ScriptDraft {
  /** What the box shows: the edit, else the stored text. */
  text: string;
  dirty: boolean;
  saving: boolean;
  edit: (text: string) => void;
  /** Forgets the edit (a new script replaced the stored one). */
  reset: () => void;
  /** Stores the edit, if there is one; resolves to the text as stored (cleaned by the server). */
  save: () => Promise<string>;
}

/** An editable generated text (script or lyrics) whose edits are stored on the server when saved. */
export function useScriptDraft(kind: EditableScriptKind, stored: string): ScriptDraft {
  const [edited, setEdited] = useState<string | undefined>(undefined);
  const mutation = useSaveScriptMutation(kind);
  const text = edited ?? stored;
  const dirty = edited !== undefined && edited !== stored;
  return {
    text,
    dirty,
    saving: mutation.isPending,
    edit: setEdited,
    reset: () => setEdited(undefined),
    save: async () => {
      if (!dirty) return text;
      const saved = await mutation.mutateAsync(text);
      setEdited(undefined);
      return saved.scriptText;
    },
  };
}
