import { useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { AudioClip } from '../../components/AudioClip';
import { Badge } from '../../components/Badge';
import { Panel } from '../../components/Panel';
import { SettingsEditor } from '../../components/SettingsEditor';
import { Spinner } from '../../components/Spinner';
import {
  podcastWrite,
  PODCAST_WRITES,
  useEnhancePodcastScriptMutation,
  useGeneratePodcastAudioMutation,
  useGeneratePodcastScriptMutation,
  useLastPodcastScriptQuery,
} from '../../hooks/usePodcast';
import { notifyFailure, notifyInvalid } from '../../lib/notify';
import { AudioRenderProgress, GeneratedAt, NO_SCRIPT, Outcome, ScriptBox, useSegmentProgress, useVoiceChoices } from './AudioStudio';

/**
 * Spec 001 §2/§4 Podcast: script → (optionally) enhanced script → audio. The enhanced script is
 * spoken when there is one; a new script clears the enhanced one and the audio.
 */
function PodcastScript() {
  const last = useLastPodcastScriptQuery();
  const generate = useGeneratePodcastScriptMutation();
  const enhance = useEnhancePodcastScriptMutation();
  const audio = useGeneratePodcastAudioMutation();
  const [progress, resetProgress] = useSegmentProgress('conversational-audio-progress');
  // Edits made in the boxes, until the next action replaces the scripts.
  const [edited, setEdited] = useState<{ original?: string; enhanced?: string }>({});
  const [outcome, setOutcome] = useState<string | null>(null);

  const stored = last.data;
  const original = edited.original ?? (stored ? (stored.enhanced ? (stored.originalScriptText ?? '') : stored.scriptText) : '');
  const enhanced = edited.enhanced ?? (stored?.enhanced ? stored.scriptText : null);
  const spoken = (enhanced ?? original).trim();
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
        setEdited({});
        setOutcome(`Script generated about ${result.stories} ${result.stories === 1 ? 'story' : 'stories'} (${result.writer === 'model' ? 'model' : 'offline writer'}).`);
      },
      onError: (error) => notifyFailure(error, 'Failed to generate script'),
    });
  };
  const enhanceScript = () => {
    if (!original.trim()) return notifyInvalid(NO_SCRIPT);
    setOutcome(null);
    enhance.mutate(original, {
      onSuccess: (result) => {
        setEdited({ original });
        setOutcome(`Script enhanced from ${result.sourcesCount} ${result.sourcesCount === 1 ? 'source' : 'sources'}.`);
      },
      onError: (error) => notifyFailure(error, 'Failed to enhance script'),
    });
  };
  const generateAudio = () => {
    if (!spoken) return notifyInvalid(NO_SCRIPT);
    setOutcome(null);
    resetProgress();
    audio.mutate(spoken, {
      onSuccess: (result) => setOutcome(`Audio generated: ${result.segmentCount} segments.`),
      onError: (error) => notifyFailure(error, 'Failed to generate audio narration'),
    });
  };

  return (
    <Panel
      title="Podcast Script"
      description={
        stored?.generatedAt ? (
          <>
            Last generated script · <GeneratedAt iso={stored.generatedAt} />
          </>
        ) : (
          'No script generated yet.'
        )
      }
      actions={
        <>
          <button type="button" className="button-primary" onClick={generateScript} disabled={busy}>
            {pending.script && <Spinner className="mr-2 size-4" />}
            {pending.script ? 'Generating Script...' : 'Generate Script'}
          </button>
          <button type="button" className="button-secondary" onClick={enhanceScript} disabled={busy}>
            {pending.enhance && <Spinner className="mr-2 size-4" />}
            {pending.enhance ? 'Enhancing Script...' : 'Enhance Script'}
          </button>
          <button type="button" className="button-secondary" onClick={generateAudio} disabled={busy}>
            {pending.audio && <Spinner className="mr-2 size-4" />}
            {pending.audio ? 'Generating Audio...' : 'Generate Audio'}
          </button>
        </>
      }
      testId="podcast-script"
    >
      {last.isPending ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
          Loading...
        </p>
      ) : last.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to load the last script.
        </p>
      ) : (
        <div className="space-y-4">
          <div className={enhanced !== null ? 'grid gap-4 lg:grid-cols-2' : ''}>
            <ScriptBox label="Script" value={original} onChange={(text) => setEdited((current) => ({ ...current, original: text }))} disabled={busy} testId="podcast-original" />
            {enhanced !== null && (
              <ScriptBox
                label={
                  <>
                    Enhanced Script <Badge tone="blue" className="ml-1">Used for the audio</Badge>
                  </>
                }
                value={enhanced}
                onChange={(text) => setEdited((current) => ({ ...current, enhanced: text }))}
                disabled={busy}
                testId="podcast-enhanced"
              />
            )}
          </div>
          {pending.audio && <AudioRenderProgress label="Podcast audio progress" progress={progress} />}
          {outcome && <Outcome>{outcome}</Outcome>}
          {stored?.audioUrl && !pending.audio && <AudioClip src={stored.audioUrl} title="Podcast audio" testId="podcast-audio" />}
        </div>
      )}
    </Panel>
  );
}

export function PodcastTab() {
  const voices = useVoiceChoices();
  return (
    <div className="space-y-6">
      <PodcastScript />
      <Panel title="Speakers and Replacements" description="Who speaks which lines, and words replaced in every script before it is spoken." testId="podcast-tables">
        <div className="grid gap-6 xl:grid-cols-2">
          <SettingsEditor settingKey="conversational-audio-speakers" title="Speaker / Voice Table" choices={voices} bare />
          <SettingsEditor settingKey="script-replacements" title="String Replacement Table" bare />
        </div>
      </Panel>
      <Panel title="Podcast Prompts and Model" testId="podcast-config">
        <div className="space-y-6">
          <SettingsEditor settingKey="conversational-audio-system-prompt" title="Conversational System Prompt" bare />
          <SettingsEditor settingKey="conversational-audio-user-prompt" title="Conversational User Prompt" bare hints={{ promptText: '{trends} is replaced by the top stories.' }} />
          <SettingsEditor settingKey="conversational-audio-refinement-prompt" title="Conversational Refinement Prompt" bare />
          <SettingsEditor settingKey="conversational-audio-model-name" title="Conversational Model Name" bare />
        </div>
      </Panel>
    </div>
  );
}
