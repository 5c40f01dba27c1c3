import { useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { Badge } from '../../components/Badge';
import { Panel } from '../../components/Panel';
import { SettingsEditor } from '../../components/SettingsEditor';
import {
  podcastWrite,
  PODCAST_WRITES,
  useEnhancePodcastScriptMutation,
  useGeneratePodcastAudioMutation,
  useGeneratePodcastScriptMutation,
  useLastPodcastScriptQuery,
} from '../../hooks/usePodcast';
import { useScriptDraft } from '../../hooks/useScriptEdits';
import { notifyInvalid } from '../../lib/notify';
import { NO_SCRIPT, saveDrafts, ScriptBox, ScriptPanel, StepButton, useAudioRender, useVoiceChoices } from './AudioStudio';

/**
 * Script → (optionally) enhanced script → audio. The enhanced script is
 * spoken when there is one; a new script clears the enhanced one and the audio. Edits are saved on
 * the server (by Save, or by the step that uses them).
 */
function PodcastScript() {
  const last = useLastPodcastScriptQuery();
  const generate = useGeneratePodcastScriptMutation();
  const enhance = useEnhancePodcastScriptMutation();
  const audio = useGeneratePodcastAudioMutation();
  const [outcome, setOutcome] = useState<string | null>(null);
  const render = useAudioRender('conversational-audio-progress', audio, setOutcome);

  const stored = last.data;
  const original = useScriptDraft('conversational', stored ? (stored.enhanced ? (stored.originalScriptText ?? '') : stored.scriptText) : '');
  const enhanced = useScriptDraft('conversational-enhanced', stored?.enhanced ? stored.scriptText : '');
  const spoken = stored?.enhanced ? enhanced : original;
  // Read from the mutation cache, not this screen's own calls: a call started before the tab was
  // left is still under way when it is opened again.
  const busy = useIsMutating({ mutationKey: PODCAST_WRITES }) > 0;
  const pending = {
    script: useIsMutating({ mutationKey: podcastWrite('script') }) > 0,
    enhance: useIsMutating({ mutationKey: podcastWrite('enhance') }) > 0,
    audio: useIsMutating({ mutationKey: podcastWrite('audio') }) > 0,
  };

  const generateScript = () => {
    setOutcome(null);
    generate.mutate(undefined, {
      onSuccess: (result) => {
        original.reset();
        enhanced.reset();
        setOutcome(
          `Script generated about ${result.stories} ${result.stories === 1 ? 'story' : 'stories'} (${result.writer === 'model' ? 'model' : 'offline writer'}).`,
        );
      },
      // A failure is told by the mutation itself (usePodcast), also once this tab was left.
    });
  };
  const enhanceScript = async () => {
    if (!original.text.trim()) return notifyInvalid(NO_SCRIPT);
    setOutcome(null);
    if (!(await saveDrafts(original))) return;
    enhance.mutate(undefined, {
      onSuccess: (result) => {
        enhanced.reset();
        setOutcome(`Script enhanced from ${result.sourcesCount} ${result.sourcesCount === 1 ? 'source' : 'sources'}.`);
      },
    });
  };

  return (
    <ScriptPanel
      title="Podcast Script"
      last={last}
      actions={
        <>
          <StepButton primary label="Generate Script" pendingLabel="Generating Script..." pending={pending.script} onClick={generateScript} disabled={busy} />
          <StepButton label="Enhance Script" pendingLabel="Enhancing Script..." pending={pending.enhance} onClick={enhanceScript} disabled={busy} />
          <StepButton
            label="Generate Audio"
            pendingLabel="Generating Audio..."
            pending={pending.audio}
            onClick={() => render.run(spoken, [original, enhanced])}
            disabled={busy}
          />
        </>
      }
      outcome={outcome}
      audio={{ title: 'Podcast audio', pending: pending.audio, progress: render.progress, audioUrl: stored?.audioUrl ?? null, testId: 'podcast-audio' }}
      testId="podcast-script"
    >
      <div className={stored?.enhanced ? 'grid gap-4 lg:grid-cols-2' : ''}>
        <ScriptBox label="Script" name="Podcast script" draft={original} disabled={busy} testId="podcast-original" />
        {stored?.enhanced && (
          <ScriptBox
            label={
              <>
                Enhanced Script{' '}
                <Badge tone="blue" className="ml-1">
                  Used for the audio
                </Badge>
              </>
            }
            name="Enhanced script"
            draft={enhanced}
            disabled={busy}
            testId="podcast-enhanced"
          />
        )}
      </div>
    </ScriptPanel>
  );
}

export function PodcastTab() {
  const voices = useVoiceChoices();
  return (
    <div className="space-y-6">
      <PodcastScript />
      <Panel
        title="Speakers and Replacements"
        description="Who speaks which lines, and words replaced in every script before it is spoken."
        testId="podcast-tables"
      >
        <div className="grid gap-6 xl:grid-cols-2">
          <SettingsEditor settingKey="conversational-audio-speakers" title="Speaker / Voice Table" choices={voices} bare />
          <SettingsEditor settingKey="script-replacements" title="String Replacement Table" bare />
        </div>
      </Panel>
      <Panel title="Podcast Prompts and Model" testId="podcast-config">
        <div className="space-y-6">
          <SettingsEditor settingKey="conversational-audio-system-prompt" title="Conversational System Prompt" bare />
          <SettingsEditor
            settingKey="conversational-audio-user-prompt"
            title="Conversational User Prompt"
            bare
            hints={{ promptText: '{trends} is replaced by the top stories.' }}
          />
          <SettingsEditor settingKey="conversational-audio-refinement-prompt" title="Conversational Refinement Prompt" bare />
          <SettingsEditor settingKey="conversational-audio-model-name" title="Conversational Model Name" bare />
        </div>
      </Panel>
    </div>
  );
}
