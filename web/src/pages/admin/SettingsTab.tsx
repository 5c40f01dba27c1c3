import { SettingsEditor } from '../../components/SettingsEditor';
import { AvoidListPanel } from './AvoidListPanel';
import { DigestsPanel } from './DigestsPanel';
import { DomainImportExport } from './DomainImportExport';
import { WebhooksPanel } from './WebhooksPanel';

/** Saves in this tab fail with "Save Failed" and "Failed to save the {setting}." */
function SettingsTabEditor(props: { settingKey: string; title: string; name: string; hints?: Record<string, string>; description?: string }) {
  return <SettingsEditor {...props} failureTitle="Save Failed" failureText={`Failed to save the ${props.name}.`} testId={props.settingKey} />;
}

export function SettingsTab() {
  return (
    <div className="space-y-6">
      <DomainImportExport />
      <AvoidListPanel />
      <SettingsTabEditor
        settingKey="system-prompt"
        title="System Prompt"
        name="system prompt"
        description="The article writer's instructions (when a model is configured)."
      />
      <SettingsTabEditor
        settingKey="user-prompt"
        title="User Prompt"
        name="user prompt"
        hints={{ promptText: 'Placeholder: %ArticleText%, replaced by the source articles.' }}
      />
      <SettingsTabEditor
        settingKey="latest-news-prompt"
        title="Latest News Prompt"
        name="latest news prompt"
        description="How the latest-news bulletin's summary is written."
      />
      <SettingsTabEditor
        settingKey="word-count-settings"
        title="Targeted Word Count"
        name="word count settings"
        description="Generated articles aim at this many words."
      />
      <SettingsTabEditor
        settingKey="google-api-config"
        title="Image Generation API"
        name="image generation API configuration"
        description="A Gemini API key makes feature images with Gemini; without one, newsctl uses the configured image model or draws its own cover."
        hints={{ imagePrompt: 'Placeholders: {ARTICLE_TITLE}, {ARTICLE_EXCERPT}.' }}
      />
      <SettingsTabEditor settingKey="article-classifier-system-prompt" title="Article Classifier System Prompt" name="article classifier system prompt" />
      <SettingsTabEditor settingKey="article-classifier-user-prompt" title="Article Classifier User Prompt" name="article classifier user prompt" />
      <WebhooksPanel />
      <DigestsPanel />
      <SettingsTabEditor
        settingKey="push-settings"
        title="Push Alerts"
        name="push alerts"
        description="Readers who turn alerts on (on the home page) get a notification for a new story in the topics they follow, and for a story once this many outlets tell it."
      />
      <SettingsTabEditor
        settingKey="ntfy"
        title="Operators' ntfy Topic"
        name="ntfy topic"
        description="Big stories of every topic also go to this ntfy topic (https://ntfy.sh/your-topic, or your own server)."
      />
    </div>
  );
}
