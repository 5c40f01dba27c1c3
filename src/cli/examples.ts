// One example per command that does not carry its own beside its definition, so `--help` of every
// command shows how it is called. Added after the program is built (see buildProgram).
import type { Command } from 'commander';
import { withExamples } from './options.js';

const EXAMPLES: Record<string, string[]> = {
  serve: ['newsctl serve --port 8080', 'DATABASE_URL=postgres://newsctl@db/newsctl newsctl serve'],
  'db migrate': ['newsctl db migrate --json'],
  'admin create': ['newsctl admin create --username editor', 'printf \'%s\\n\' "$PASSWORD" | newsctl admin create --username editor --password-stdin'],
  'token create': ['newsctl token create --name cron'],
  'token list': ['newsctl token list --json'],
  'token revoke': ['newsctl token revoke 3'],
  'settings list': ['newsctl settings list'],
  'settings get': ['newsctl settings get word-count-settings --json'],
  'settings set': [
    'newsctl settings set word-count-settings \'{"targetWordCount": 600}\'',
    'newsctl settings set trends-analyzer-system-prompt --file prompt.json',
  ],
  'food-recategorization start': ['newsctl food-recategorization start', 'newsctl food-recategorization start --detach'],
  'food-recategorization stop': ['newsctl food-recategorization stop'],
  'food-recategorization status': ['newsctl food-recategorization status --json'],
  'jobs list': ['newsctl jobs list --json'],
  'jobs stop': ['newsctl jobs stop spider'],
  classify: ['newsctl classify --from-jsonl headlines.jsonl > topics.jsonl'],
  'trends analyze': ['newsctl trends analyze --from-jsonl articles.jsonl --limit 10'],
  'trends list': ['newsctl trends list --topic health --limit 5', 'newsctl trends list --explain'],
  'trends topic': ['newsctl trends topic 42 energy', 'newsctl trends topic 42 --clear'],
  'trends run': ['newsctl trends run', 'newsctl trends run --detach'],
  'trends stop': ['newsctl trends stop'],
  'trends statistics': ['newsctl trends statistics --json'],
  'trends clear': ['newsctl trends clear --yes'],
  'trends recategorize': ['newsctl trends recategorize'],
  'spider pause': ['newsctl spider pause'],
  'spider resume': ['newsctl spider resume'],
  'spider stop': ['newsctl spider stop'],
  'spider status': ['newsctl spider status --lines 20'],
  'spider refetch start': ['newsctl spider refetch start --wait'],
  'spider refetch stop': ['newsctl spider refetch stop'],
  'spider refetch status': ['newsctl spider refetch status --json'],
  'domains list': ['newsctl domains list --json'],
  'domains add': ['newsctl domains add example-news.com --priority 3', 'newsctl domains add http://10.0.0.5:8080 --starting-url http://10.0.0.5:8080/latest'],
  'domains remove': ['newsctl domains remove example-news.com'],
  'domains set-priority': ['newsctl domains set-priority example-news.com 1'],
  'domains set-status': ['newsctl domains set-status example-news.com avoided'],
  'domains import': ['newsctl domains import domains.txt'],
  'domains export': ['newsctl domains export --output domains.txt'],
  'domains stats': ['newsctl domains stats --json'],
  'avoid list': ['newsctl avoid list'],
  'avoid add': ['newsctl avoid add spam.example --reason "content farm"'],
  'avoid remove': ['newsctl avoid remove spam.example'],
  extract: ['newsctl extract https://example-news.com/2026/11/story.html', 'newsctl extract page.html --json'],
  'generator stop': ['newsctl generator stop'],
  'generator queue': ['newsctl generator queue --json'],
};

function pathOf(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

/** Every command of the program, depth first. */
export function commandsOf(program: Command): Command[] {
  return program.commands.flatMap((command) => [command, ...commandsOf(command)]);
}

export function addExamples(program: Command): void {
  for (const command of commandsOf(program)) {
    const examples = EXAMPLES[pathOf(command)];
    if (examples) withExamples(command, ...examples);
  }
}
