import { Panel } from '../../components/Panel';
import { SettingsEditor } from '../../components/SettingsEditor';

/** The JSON configuration block: three text areas saved together, and what they are for. */
export function ApiTab() {
  const origin = typeof window === 'undefined' ? 'http://localhost:3000' : window.location.origin;
  return (
    <div className="space-y-4">
      <Panel title="What this tab is for" testId="api-help">
        <div className="space-y-2 text-sm text-gray-700 dark:text-gray-300">
          <p>
            The three boxes below hold a JSON document in three parts — a top, a body and a bottom — that newsctl stores as you write it and serves back
            unchanged. Use it for what another program reading this site needs from you: a widget&apos;s settings, a partner feed&apos;s header and footer,
            anything you would otherwise keep in a file on a server. newsctl does not read it itself.
          </p>
          <p>Another program reads it with an API token (the same one drives the command line from elsewhere):</p>
          {/* Focusable, so a keyboard can scroll it sideways (WCAG 2.1.1). */}
          <pre className="overflow-x-auto rounded bg-gray-100 p-2 text-xs dark:bg-gray-900" tabIndex={0}>
            {`newsctl token create --name partner-feed\ncurl -H "Authorization: Bearer <token>" ${origin}/api/get-json-config`}
          </pre>
          <p>
            Every other screen of this console has its call in the same API, and the <code>newsctl</code> command line drives them all: run{' '}
            <code>npx newsctl --help</code> in the install folder.
          </p>
        </div>
      </Panel>
      <SettingsEditor
        settingKey="get-json-config"
        title="JSON Configuration"
        description="The JSON the API serves, in three parts: the top, the body and the bottom."
        rows={8}
        testId="json-config"
      />
    </div>
  );
}
