// Colours for terminal output: chalk, off when the stream is not a terminal or NO_COLOR is set
// (https://no-color.org). Configured once by runCli from the environment bin/ hands it.
import { Chalk, type ChalkInstance } from 'chalk';

let chalk: ChalkInstance = new Chalk({ level: 0 });

export function configureColors(env: NodeJS.ProcessEnv, isTTY = Boolean(process.stdout.isTTY)): void {
  const off = !isTTY || (env.NO_COLOR !== undefined && env.NO_COLOR !== '');
  chalk = new Chalk({ level: off ? 0 : 1 });
}

export function colors(): ChalkInstance {
  return chalk;
}

/**
 * One colour per log component, so a component reads the same everywhere (CLI and dashboard). No
 * red: it says "error" (levelColor), and SPIDER, hashed to bright red, made every crawl line look
 * like a failure.
 */
export const COMPONENT_COLORS = ['cyan', 'magenta', 'yellow', 'green', 'blue', 'cyanBright', 'magentaBright', 'blueBright'] as const;

/** The console's system-log colours (orange has no ANSI colour: yellow). */
const SPEC_COMPONENT_COLORS: Readonly<Record<string, (typeof COMPONENT_COLORS)[number]>> = {
  SPIDER: 'blue',
  GENERATOR: 'green',
  AI_MODEL: 'magenta',
  DOMAIN_MANAGER: 'yellow',
};

export function componentColor(component: string): (typeof COMPONENT_COLORS)[number] {
  const fixed = SPEC_COMPONENT_COLORS[component];
  if (fixed) return fixed;
  let hash = 0;
  for (const char of component) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COMPONENT_COLORS[hash % COMPONENT_COLORS.length]!;
}

export function levelColor(level: string): 'red' | 'yellow' | 'gray' | 'white' {
  return level === 'error' ? 'red' : level === 'warning' ? 'yellow' : level === 'debug' ? 'gray' : 'white';
}
