// `newsctl dash`: header (connection, the three jobs at a glance), one panel at a time, footer (the
// last action's answer, or the keys). Everything fits the terminal's size and follows its resizes.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Box, useApp, useInput, useStdout, type Key } from 'ink';
import { Line, selectedTab } from './line.js';
import { AudioPanel, GeneratorPanel, HelpPanel, LogsPanel, SpiderPanel, TrendsPanel } from './panels.js';
import { TOPICS } from '../shared/topics.js';
import type { DashStore } from './store.js';

const PANELS = ['Spider', 'Trends', 'Generator', 'Audio', 'Logs'] as const;

function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout();
  const read = () => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` only reads `stdout`, the dependency.
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}

const connectionColor = { open: 'green', connecting: 'yellow', closed: 'red' } as const;

export function App({ store }: { store: DashStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const [panel, setPanel] = useState(0);
  const [topic, setTopic] = useState(0);
  const [help, setHelp] = useState(false);

  const onKey = (input: string, key: Key): void => {
    if (input === 'q') return exit();
    if (input === '?') return setHelp((shown) => !shown);
    if (key.tab) return setPanel((p) => (p + (key.shift ? PANELS.length - 1 : 1)) % PANELS.length);
    if (/^[1-5]$/.test(input)) {
      setHelp(false);
      return setPanel(Number(input) - 1);
    }
    if (key.rightArrow) return setTopic((t) => (t + 1) % TOPICS.length);
    if (key.leftArrow) return setTopic((t) => (t + TOPICS.length - 1) % TOPICS.length);
    if (input === 's') void store.startSpider();
    else if (input === 'p') void store.pauseSpider();
    else if (input === 'x') void store.stopSpider();
    else if (input === 'a') void store.runAnalyzer();
    else if (input === 'g') void store.runGenerator();
  };
  useInput((input, key) => {
    // Ink hands over one read of the terminal: keys typed quickly, or sent together over a slow
    // link, arrive as one string ("2a"). Each is a key press.
    if (input.length > 1 && !key.ctrl && !key.meta) {
      for (const char of input) {
        if (char === 'q') return exit();
        onKey(char, { ...key, tab: char === '\t' });
      }
      return;
    }
    onKey(input, key);
  });

  const width = Math.max(40, columns);
  // One line short of the terminal: a frame as tall as the screen makes Ink clear it every redraw.
  const height = Math.max(10, rows - 1);
  const body = { width, height: height - 4 };
  const s = state.status;
  const summary = s
    ? `spider ${s.spiderStatus} ${s.spiderSitesProcessed}/${s.spiderTotalSites} · ${s.spiderCurrentRunArticleCount} new · analyzer ${s.trendsAnalyzerStatus} · generator ${s.generatorStatus} (${state.queue?.queueLength ?? 0} queued)`
    : 'reading…';

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Line
        width={width}
        segments={[
          ['newsctl', (c) => c.cyan.bold],
          ' ',
          [`● ${state.connection}`, (c) => c[connectionColor[state.connection]]],
          ' ',
          [state.target, (c) => c.dim],
        ]}
      />
      <Line width={width} segments={[summary]} />
      <Line
        width={width}
        segments={PANELS.map((name, index) => (!help && index === panel ? selectedTab(` ${index + 1} ${name} `) : ` ${index + 1} ${name} `))}
      />
      <Box flexDirection="column" height={body.height} overflow="hidden">
        {help ? (
          <HelpPanel width={width} />
        ) : panel === 0 ? (
          <SpiderPanel state={state} size={body} />
        ) : panel === 1 ? (
          <TrendsPanel state={state} size={body} topic={topic} />
        ) : panel === 2 ? (
          <GeneratorPanel state={state} size={body} />
        ) : panel === 3 ? (
          <AudioPanel state={state} size={body} />
        ) : (
          <LogsPanel state={state} size={body} />
        )}
      </Box>
      <Line
        width={width}
        segments={[
          state.flash
            ? [state.flash.text, state.flash.error ? (c) => c.red : (c) => c.reset]
            : ['s start · p pause · x stop · a analyze · g generate · 1-5 · ? help · q quit', (c) => c.dim],
        ]}
      />
    </Box>
  );
}
