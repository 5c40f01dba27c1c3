// A Linux desktop with a real screen reader, for the Orca pass: Xvfb, a window manager, the
// accessibility bus and Orca, all in a D-Bus session of their own. Orca's speech goes to no audio
// device (none here); what it says is read from its debug log, where every utterance is a line
// "SPEECH OUTPUT: '…'". Needs: apt-get install -y orca xvfb openbox xdotool dbus-x11 at-spi2-core.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Desktop {
  env: NodeJS.ProcessEnv;
  /** What Orca has said since the last call, in order (key echo left out). */
  spoken(): string[];
  /** Real key presses through the X server, as a user's keyboard sends them (Orca hears them too). */
  keys(...names: string[]): Promise<void>;
  close(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const DESKTOP_TOOLS = ['orca', 'Xvfb', 'openbox', 'xdotool', 'dbus-run-session'] as const;

export function missingTools(): string[] {
  return DESKTOP_TOOLS.filter((tool) => {
    try {
      execFileSync('which', [tool], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
}

// Orca writes its debug log through a buffer: line-buffered, each utterance is there as it is said.
const LINE_BUFFERED_LOG = `import builtins
_open = builtins.open
def _line_open(file, mode='r', *args, **kwargs):
    if isinstance(file, str) and file.endswith('.debug') and 'w' in mode and not args and 'buffering' not in kwargs:
        kwargs['buffering'] = 1
    return _open(file, mode, *args, **kwargs)
builtins.open = _line_open
`;

// Speech-dispatcher has no audio device here and never answers, and Orca waits on it; with speech
// off, Orca leaves out what it presents as messages (live regions). So a speech server that speaks
// to nobody: Orca logs every utterance before it hands it over.
const SILENT_SPEECH = `from orca import speechserver

class SpeechServer(speechserver.SpeechServer):
    _active = None

    @staticmethod
    def getFactoryName():
        return 'Silent'

    @staticmethod
    def getSpeechServers():
        return [SpeechServer.getSpeechServer()]

    @staticmethod
    def getSpeechServer(info=None):
        if SpeechServer._active is None:
            SpeechServer._active = SpeechServer()
        return SpeechServer._active

    @staticmethod
    def shutdownActiveServers():
        pass

    def getInfo(self):
        return ['Silent', 'silent']

    def getVoiceFamilies(self):
        return []

    def speak(self, text=None, acss=None, interrupt=True):
        pass

    def sayAll(self, utteranceIterator, progressCallback):
        for _ in utteranceIterator:
            pass
`;

// Key echo off: the keys pressed are in the transcript's steps.
const ORCA_SETTINGS = {
  general: { speechServerFactory: 'silentspeech', enableKeyEcho: false, enableEchoByWord: false, enableEchoByCharacter: false },
  profiles: { default: { profile: ['Default', 'default'], speechServerFactory: 'silentspeech', enableKeyEcho: false } },
  pronunciations: {},
  keybindings: {},
};

export async function startDesktop(dir: string, display = ':99'): Promise<Desktop> {
  const runtime = join(dir, 'run');
  const prefs = join(dir, 'orca-prefs');
  const shim = join(dir, 'python');
  for (const folder of [runtime, prefs, shim]) mkdirSync(folder, { recursive: true, mode: 0o700 });
  writeFileSync(join(prefs, 'user-settings.conf'), JSON.stringify(ORCA_SETTINGS));
  writeFileSync(join(shim, 'sitecustomize.py'), LINE_BUFFERED_LOG);
  writeFileSync(join(shim, 'silentspeech.py'), SILENT_SPEECH);
  const log = join(dir, 'orca.debug');
  const busFile = join(dir, 'bus');
  const session = join(dir, 'session.sh');
  writeFileSync(
    session,
    [
      '#!/bin/sh',
      'openbox >/dev/null 2>&1 &',
      '/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &',
      'sleep 1',
      'gsettings set org.gnome.desktop.interface toolkit-accessibility true 2>/dev/null',
      `PYTHONPATH=${shim} orca --user-prefs=${prefs} --debug-file=${log} >/dev/null 2>&1 &`,
      `echo "$DBUS_SESSION_BUS_ADDRESS" > ${busFile}`,
      'wait',
    ].join('\n'),
    { mode: 0o755 },
  );
  const base = { ...process.env, DISPLAY: display, XDG_RUNTIME_DIR: runtime, GTK_MODULES: 'gail:atk-bridge', NO_AT_BRIDGE: '0' };
  const children: ChildProcess[] = [];
  children.push(spawn('Xvfb', [display, '-screen', '0', '1280x900x24'], { stdio: 'ignore', detached: true }));
  await sleep(1000);
  children.push(spawn('dbus-run-session', ['--', session], { env: base, stdio: 'ignore', detached: true }));
  const started = Date.now();
  while (!(existsSync(log) && readFileSync(log, 'utf8').includes('SPEECH OUTPUT: ')) && Date.now() - started < 30_000) await sleep(250);
  if (!existsSync(busFile)) throw new Error('the desktop session did not start');
  const env = { ...base, DBUS_SESSION_BUS_ADDRESS: readFileSync(busFile, 'utf8').trim() };
  let read = 0;
  return {
    env,
    spoken() {
      const text = readFileSync(log, 'utf8');
      const fresh = text.slice(read);
      read = text.length;
      return [...fresh.matchAll(/SPEECH OUTPUT: '(.*)'(?: voice=\w+)?\s*\{/g)].map((match) => match[1]!.trim()).filter(Boolean);
    },
    async keys(...names) {
      for (const name of names) {
        execFileSync('xdotool', ['key', name], { env });
        await sleep(700);
      }
    },
    close() {
      // The session's children (Orca, the bus, the window manager) go with their process groups.
      for (const child of children.reverse()) {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }
    },
  };
}
