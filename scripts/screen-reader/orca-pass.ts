// The podcast player and the audio studio walked with a real screen reader (Orca, on Linux) as a
// blind reader walks them: real key presses, and what Orca says after each, from a daemon with
// content the offline newsroom made (a bulletin with its transcript, a two-host episode, an
// interview, a song). Writes docs/screen-reader-transcript.md; docs/accessibility.md reads it.
// Run: node --import tsx scripts/screen-reader/orca-pass.ts (needs the packages desktop.ts names).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../../test/e2e/browser/browser.js';
import { logInThroughLoginPage } from '../../test/e2e/browser/console.js';
import { seedConsole, seedStories } from '../../test/e2e/browser/console-seed.js';
import { STANDALONE_ADMIN, startStandaloneDaemon } from '../../test/e2e/browser/standalone-daemon.js';
import { REPO_ROOT, ensureWebBuild } from '../../test/e2e/browser/web-build.js';
import { type Desktop, missingTools, startDesktop } from './desktop.js';

interface Step {
  /** What the reader does, as the transcript says it. */
  does: string;
  keys: string[];
  /** Listens on until this holds (a render finishing), not just a moment. */
  until?: (page: Page) => Promise<unknown>;
}

interface Walk {
  title: string;
  /** Opens the page (the browser's own moves, not the reader's). */
  open(page: Page): Promise<void>;
  /** Once Orca has read the page in: the focus just before where the walk starts. */
  start(page: Page): Promise<void>;
  steps: Step[];
}

const tab = (does: string, times = 1): Step => ({ does, keys: Array<string>(times).fill('Tab') });

/** A console page with its data in: the status line up, no panel still loading. */
async function settled(page: Page): Promise<void> {
  await page.getByText('System Online').waitFor();
  await page.getByText('Loading...').first().waitFor({ state: 'detached' });
}

/** The Podcast Script tab with its episode's clip in. */
async function openPodcastTab(page: Page): Promise<void> {
  await page.goto('/admin?tab=podcast');
  await page.getByTestId('podcast-audio').waitFor({ timeout: 120_000 });
  await settled(page);
}

/** Focus just before an element, so the reader's first Tab lands on it. */
async function focusBefore(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().waitFor();
  await page.evaluate((css) => {
    const target = document.querySelector(css) as HTMLElement;
    const marker = document.createElement('span');
    marker.tabIndex = -1;
    target.before(marker);
    marker.focus();
    marker.addEventListener('blur', () => marker.remove(), { once: true });
  }, selector);
}

const WALKS: Walk[] = [
  {
    title: 'The home page’s podcast player (the latest-news bulletin)',
    async open(page) {
      await page.goto('/');
      await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 2);
    },
    start: (page) => focusBefore(page, 'section[aria-labelledby="podcast-heading"] button'),
    steps: [
      tab('Tab to the first control'),
      { does: 'Space: play', keys: ['space'] },
      { does: 'Space again after three seconds: pause', keys: ['sleep', 'sleep', 'sleep', 'space'] },
      tab('Tab to the seek slider'),
      { does: 'Right arrow twice: seek forward', keys: ['Right', 'Right'] },
      tab('Tab on'),
      tab('Tab on'),
      { does: 'Enter: open the transcript', keys: ['Return'] },
      tab('Tab into the transcript'),
      tab('Tab to the next line'),
      { does: 'Enter: play from that line', keys: ['Return'] },
    ],
  },
  {
    title: 'The console’s Podcast Script tab: the two-host episode’s clip in the audio studio',
    open: openPodcastTab,
    // Past the browser's own controls (the interview's walk below goes through them): the clip's buttons.
    start: (page) => focusBefore(page, '[data-testid="podcast-audio"] > div > button'),
    steps: [
      tab('Tab to the clip’s first button'),
      { does: 'Enter: play', keys: ['Return'] },
      { does: 'Enter after two seconds: pause', keys: ['sleep', 'sleep', 'Return'] },
      tab('Tab on'),
      tab('Tab on'),
    ],
  },
  {
    title: 'The console’s Podcast Script tab: rendering the episode again',
    open: openPodcastTab,
    start: (page) => page.getByRole('button', { name: 'Generate Audio' }).focus(),
    steps: [
      { does: 'Shift+Tab, Tab: back onto the button', keys: ['shift+Tab', 'Tab'] },
      {
        does: 'Enter: generate the audio, then listen until it is done',
        keys: ['Return'],
        until: (page) => page.getByTestId('audio-outcome').filter({ hasText: 'Audio generated' }).waitFor({ timeout: 300_000 }),
      },
    ],
  },
  {
    title: 'The console’s Interview Script tab',
    async open(page) {
      await page.goto('/admin?tab=interviews');
      await page.getByTestId('interview-audio').waitFor({ timeout: 120_000 });
      await settled(page);
    },
    start: (page) => focusBefore(page, '[data-testid="interview-audio"]'),
    steps: [tab('Tab through the interview’s player', 4)],
  },
  {
    title: 'The console’s Song tab',
    async open(page) {
      await page.goto('/admin?tab=music');
      await page.getByTestId('completed-track').first().waitFor({ timeout: 180_000 });
      await settled(page);
    },
    start: (page) => focusBefore(page, '[data-testid="completed-track"]'),
    steps: [tab('Tab through the finished song', 4)],
  },
];

async function makeAudio(page: Page): Promise<void> {
  const call = async (path: string, body?: unknown) => {
    const response = await page.request.post(path, { ...(body === undefined ? {} : { data: body }), timeout: 300_000 });
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  await call('/api/generate-latest-news-audio', {});
  const { script } = await call('/api/generate-conversational-script');
  await call('/api/generate-conversational-audio', { script });
  await call('/api/interview-topic', { topic: 'Central bank interest rates' });
  const interview = await call('/api/generate-interview-script');
  await call('/api/generate-interview-audio', { script: interview.script });
  const { lyrics } = await call('/api/generate-lyrics');
  await call('/api/generate-music', { lyrics });
}

const PAGE_BUSY = 'Loading.  Please wait.';

/**
 * A walk, taken again (up to three times) when a key met the page marked busy: Chromium marks a page
 * busy for a moment at the window's first keys after a load, and Orca then reads from where it was.
 */
async function walkSteadily(desktop: Desktop, page: Page, route: Walk): Promise<string[]> {
  let lines: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt++) {
    lines = await walk(desktop, page, route);
    if (!lines.some((line) => line.startsWith('- ') && line.includes(PAGE_BUSY))) return lines;
  }
  return [...lines.slice(0, -1), '(Walked three times; the page was busy at a key each time.)', ''];
}

async function walk(desktop: Desktop, page: Page, route: Walk): Promise<string[]> {
  await route.open(page);
  // Orca reads a page once it has loaded ("Page has 6 landmarks…"); keys before that land elsewhere.
  const opening: string[] = [];
  for (const started = Date.now(); Date.now() - started < 15_000; ) {
    opening.push(...desktop.spoken());
    if (opening.some((line) => line.startsWith('Page has'))) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await route.start(page);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  opening.push(...desktop.spoken());
  const lines = [`## ${route.title}`, '', `(On opening: ${opening.length ? opening.map((line) => `“${line}”`).join(' · ') : 'nothing said'}.)`, ''];
  for (const step of route.steps) {
    for (const key of step.keys) {
      if (key === 'sleep') await new Promise((resolve) => setTimeout(resolve, 1000));
      else await desktop.keys(key);
    }
    await step.until?.(page);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const said = desktop.spoken();
    lines.push(`- **${step.does}** — ${said.length ? said.map((line) => `“${line}”`).join(' · ') : '(nothing said)'}`);
  }
  lines.push('');
  return lines;
}

async function main(): Promise<void> {
  const missing = missingTools();
  if (missing.length > 0) throw new Error(`missing ${missing.join(', ')}: apt-get install -y orca xvfb openbox xdotool dbus-x11 at-spi2-core`);
  await ensureWebBuild();
  const dir = mkdtempSync(join(tmpdir(), 'newsctl-orca-'));
  const desktop = await startDesktop(dir);
  const daemon = await startStandaloneDaemon({ NEWSCTL_SCHEDULER: 'false' });
  try {
    await seedConsole(daemon.sql);
    await seedStories(daemon.sql);
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: false,
      env: desktop.env,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--force-renderer-accessibility', '--window-size=1280,900'],
    });
    const context = await browser.newContext({ baseURL: daemon.baseUrl, viewport: null, serviceWorkers: 'block' });
    const page = await context.newPage();
    await logInThroughLoginPage(page, STANDALONE_ADMIN);
    // (The login helper's 8 s suits a test; renders and a page's first load here take longer.)
    page.setDefaultTimeout(60_000);
    await makeAudio(page);
    const transcript = [
      '# What Orca says: the podcast player and the audio studio',
      '',
      `Made by \`scripts/screen-reader/orca-pass.ts\` (Orca ${orcaVersion()}, Chromium, real key presses through the X server).`,
      'Each line: what the reader does, then what Orca says, in order.',
      '',
    ];
    // ONLY=2 walks the second route alone (a quicker look while fixing one).
    const only = Number(process.env.ONLY ?? 0);
    desktop.spoken(); // the sign-in and the renders: not part of any walk
    for (const [index, route] of WALKS.entries()) if (!only || only === index + 1) transcript.push(...(await walkSteadily(desktop, page, route)));
    writeFileSync(join(REPO_ROOT, 'docs', 'screen-reader-transcript.md'), transcript.join('\n'));
    console.log(transcript.join('\n'));
    await browser.close();
  } finally {
    await daemon.close();
    desktop.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function orcaVersion(): string {
  return execFileSync('orca', ['--version'], { encoding: 'utf8' })
    .trim()
    .replace(/^orca\s*/i, '');
}

await main();
