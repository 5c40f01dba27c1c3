// The layers hold: SQL is written only in src/db; src/shared imports nothing of Node or of the
// server; the web app takes from the server's sources only src/shared and the wire types of
// src/api. A failing line names the file and what it should not hold.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return files(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/** Lines of the files matching `rule`, as `file:line: text`. */
function offending(paths: string[], rule: RegExp): string[] {
  return paths.flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, index) => (rule.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [`${relative(root, path)}:${index + 1}: ${line.trim()}`] : [])),
  );
}

const source = files(join(root, 'src'), /\.tsx?$/);

describe('layers', () => {
  it('SQL only in src/db', () => {
    const outsideDb = source.filter((path) => !relative(root, path).startsWith(join('src', 'db')));
    expect(offending(outsideDb, /\b(sql|tx)`|\.unsafe\(/)).toEqual([]);
  });

  it('src/shared imports no Node module and nothing of the server', () => {
    const shared = source.filter((path) => relative(root, path).startsWith(join('src', 'shared')));
    expect(shared.length).toBeGreaterThan(0);
    expect(offending(shared, /from '(node:|\.\.\/(?!shared))/)).toEqual([]);
  });

  it('the web app takes only src/shared and the wire types of src/api from the server', () => {
    const web = files(join(root, 'web', 'src'), /\.tsx?$/);
    expect(offending(web, /from '(\.\.\/)+src\/(?!shared\/|api\/)/)).toEqual([]);
  });
});
