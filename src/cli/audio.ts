// `newsctl audio …` and `newsctl music …`: the Podcast, Interviews and Music tabs. The calls that
// make audio answer once it exists (the daemon queues the job and waits; without a daemon the job
// runs here); -o saves the MP3.
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { GenerateAudioResponse, MusicTrack } from '../api/audio.js';
import type { Client } from '../client/index.js';
import { Invalid, Upstream } from '../errors.js';
import { startAndFollow } from './follow.js';
import { formatTable, printJson, readInputFile, readStdin } from './io.js';
import { parseInteger, withClient, withDataOptions, withExamples, type DataOptions } from './options.js';
import { productTimeZone } from './time.js';
import { dateTime } from '../terminal/time.js';
import { formatDuration } from '../shared/durations.js';
import { counted } from '../shared/words.js';

interface OutputOptions extends DataOptions {
  output?: string;
}

/** The path part of an audio address (absolute when NEWSCTL_PUBLIC_URL is set). */
function servedPath(address: string): string {
  const url = new URL(address, 'http://newsctl.invalid');
  return `${url.pathname}${url.search}`;
}

async function saveAudio(client: Client, audioUrl: string, output: string | undefined): Promise<{ file: string; bytes: number } | null> {
  if (!output) return null;
  const file = await client.download(servedPath(audioUrl));
  writeFileSync(output, file.body);
  return { file: output, bytes: file.body.length };
}

/** A script from --file (- for stdin), else undefined (the server uses the last one). */
async function scriptFrom(file: string | undefined): Promise<string | undefined> {
  if (!file) return undefined;
  const text = file === '-' ? await readStdin() : readInputFile(file);
  if (!text.trim()) throw Invalid(`${file === '-' ? 'Standard input' : file} is empty`);
  return text;
}

function report(options: OutputOptions, answer: object, saved: { file: string; bytes: number } | null, line: string): void {
  if (options.json) printJson({ ...answer, ...(saved ? { savedTo: saved.file, bytes: saved.bytes } : {}) });
  else console.log(saved ? `${line}\nSaved ${saved.bytes} bytes to ${saved.file}` : line);
}

const withOutput = (command: Command) => command.option('-o, --output <file>', 'save the MP3 to this file');
const withScriptFile = (command: Command, what: string) => command.option('--file <file>', `the ${what} to use (- for stdin; default: the last one generated)`);

/** A command that writes text (a script, lyrics), from --file when `what` names one; prints it. */
function scriptCommand(
  command: Command,
  example: string,
  what: string | null,
  call: (client: Client, script: string | undefined) => Promise<{ made: object; text: string }>,
): void {
  withDataOptions(withExamples(what ? withScriptFile(command, what) : command, example)).action(async (options: DataOptions & { file?: string }) => {
    const script = await scriptFrom(options.file);
    const { made, text } = await withClient(options, (client) => call(client, script));
    if (options.json) printJson(made);
    else console.log(text);
  });
}

/** `… render`: records audio from a script (--file, else the last one) and saves it with -o. */
function renderCommand(
  command: Command,
  label: string,
  what: string,
  example: string,
  render: (client: Client, script: string | undefined) => Promise<GenerateAudioResponse>,
): void {
  withDataOptions(withExamples(withOutput(withScriptFile(command, what)), example)).action(async (options: OutputOptions & { file?: string }) => {
    const script = await scriptFrom(options.file);
    await withClient(options, async (client) => {
      const made = await render(client, script);
      const saved = await saveAudio(client, made.audioUrl, options.output);
      report(options, made, saved, `${label}: ${counted(made.segmentCount, 'segment')}, ${formatDuration(made.durationSeconds)} at ${made.audioUrl}`);
    });
  });
}

export function registerAudioCommands(program: Command): void {
  const audio = program.command('audio').description('spoken audio: the latest-news bulletin, the podcast, the interview');

  withDataOptions(
    withExamples(
      withOutput(audio.command('latest-news').description('record the latest-news bulletin from the current trends')),
      'newsctl audio latest-news -o bulletin.mp3',
    ),
  ).action(async (options: OutputOptions) => {
    await withClient(options, async (client) => {
      const made = await client.audio.generateLatestNews();
      const saved = await saveAudio(client, made.audioUrl, options.output);
      report(
        options,
        made,
        saved,
        `Latest-news bulletin: ${made.stories} stories, ${formatDuration(made.durationSeconds)} (${made.writer}) at ${made.audioUrl}`,
      );
    });
  });

  const podcast = audio.command('podcast').description('the two-host news podcast: script, enhance, render');
  scriptCommand(
    podcast.command('script').description('write a new podcast script from the current trends'),
    'newsctl audio podcast script > script.txt',
    null,
    (client) => client.audio.podcast.script().then((made) => ({ made, text: made.script })),
  );
  scriptCommand(
    podcast.command('enhance').description("enrich a script with the source articles' details"),
    'newsctl audio podcast enhance --file script.txt',
    'script',
    (client, script) => client.audio.podcast.enhance(script).then((made) => ({ made, text: made.enhancedScript })),
  );
  renderCommand(
    podcast.command('render').description('record the podcast from a script'),
    'Podcast',
    'script',
    'newsctl audio podcast render -o podcast.mp3',
    (client, script) => client.audio.podcast.render(script),
  );

  const interview = audio.command('interview').description('the interview: topic, script, refine, render');
  withDataOptions(
    withExamples(
      interview.command('topic').description('show, or set, the interview topic').argument('[topic...]', 'the new topic'),
      'newsctl audio interview topic heat pumps in cold climates',
    ),
  ).action(async (words: string[], options: DataOptions) => {
    const topic = words.join(' ').trim();
    const answer = await withClient(options, (client) =>
      topic ? client.settings.set<{ topic: string }>('interview-topic', { topic }) : client.settings.get<{ topic: string }>('interview-topic'),
    );
    if (options.json) printJson(answer);
    else console.log(answer.topic || '(no topic set)');
  });
  scriptCommand(interview.command('script').description('write an interview script on the topic'), 'newsctl audio interview script', null, (client) =>
    client.audio.interview.script().then((made) => ({ made, text: made.script })),
  );
  scriptCommand(
    interview.command('refine').description('refine an interview script'),
    'newsctl audio interview refine --file interview.txt',
    'interview script',
    (client, script) => client.audio.interview.refine(script).then((made) => ({ made, text: made.script })),
  );
  renderCommand(
    interview.command('render').description('record the interview from a script'),
    'Interview',
    'interview script',
    'newsctl audio interview render -o interview.mp3',
    (client, script) => client.audio.interview.render(script),
  );

  const music = program.command('music').description('songs: lyrics, generate, tracks, rm');
  scriptCommand(music.command('lyrics').description('write song lyrics from the current trends'), 'newsctl music lyrics > song.txt', null, (client) =>
    client.music.lyrics().then((made) => ({ made, text: made.lyrics })),
  );
  withDataOptions(
    withExamples(
      withOutput(
        music
          .command('generate')
          .description('make a song (queued; waits for it without a daemon, with --wait, or with -o)')
          .option('--lyrics-file <file>', 'lyrics to sing (- for stdin; default: the last lyrics)')
          .option('--config-file <file>', 'the music provider configuration (JSON)')
          .option('--wait', 'stay until the track is made'),
      ),
      'newsctl music generate --lyrics-file song.txt -o song.mp3',
    ),
  ).action(async (options: OutputOptions & { lyricsFile?: string; configFile?: string; wait?: boolean }) => {
    const lyrics = await scriptFrom(options.lyricsFile);
    const musicConfig = options.configFile ? readInputFile(options.configFile) : undefined;
    await withClient(options, async (client) => {
      let trackId = 0;
      const result = await startAndFollow(client, {
        start: async () => {
          const queued = await client.music.generate({ ...(lyrics ? { lyrics } : {}), ...(musicConfig ? { musicConfig } : {}) });
          trackId = queued.trackId;
          return queued;
        },
        status: async (): Promise<MusicTrack | undefined> => (await client.music.tracks()).find((t) => t.id === trackId),
        done: (track) => !track || track.status === 'complete' || track.status === 'failed',
        detach: !options.wait && !options.output,
        intervalMs: 1000,
      });
      if (result.detached) return report(options, result.started, null, `${result.started.message} (track ${result.started.trackId})`);
      const track = result.status;
      if (!track) throw Upstream(`Track ${result.started.trackId} disappeared while it was being made`);
      if (track.status === 'failed') throw Upstream(`Track ${track.id} failed: ${track.error ?? 'unknown error'}`);
      const saved = track.audioUrl ? await saveAudio(client, track.audioUrl, options.output) : null;
      report(
        options,
        track,
        saved,
        `Track ${track.id} "${track.title ?? ''}" complete (${formatDuration(track.durationSeconds)}, ${track.provider}) at ${track.audioUrl}`,
      );
    });
  });
  withDataOptions(withExamples(music.command('tracks').description('made and pending tracks, newest first'), 'newsctl music tracks --json')).action(
    async (options: DataOptions) => {
      const [tracks, timeZone] = await withClient(
        options,
        async (client) => [await client.music.tracks(), options.json ? null : await productTimeZone(client)] as const,
      );
      if (options.json) return printJson(tracks);
      console.log(
        tracks.length
          ? formatTable(
              tracks.map((t) => ({
                id: t.id,
                status: t.status,
                title: t.title ?? '',
                length: t.durationSeconds == null ? '' : formatDuration(t.durationSeconds),
                provider: t.provider,
                generatedAt: dateTime(t.generatedAt, timeZone),
                audio: t.audioUrl ?? '',
              })),
              ['id', 'status', 'title', 'length', 'provider', 'generatedAt', 'audio'],
            )
          : 'No tracks yet',
      );
    },
  );
  withDataOptions(withExamples(music.command('rm').description('delete a track and its file').argument('<id>', 'track id'), 'newsctl music rm 3')).action(
    async (idText: string, options: DataOptions) => {
      const id = parseInteger(idText, 'track id');
      const result = await withClient(options, (client) => client.music.remove(id));
      if (options.json) printJson(result);
      else console.log(result.message);
    },
  );
}
