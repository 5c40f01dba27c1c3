// The code's comments stand on their own: they state the rule, never point at a document a reader
// of the repository does not have (the product specs and the decision log live outside it).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|css|html)$/.test(name) ? [path] : [];
  });
}

describe('comments', () => {
  it('name no spec section, decision-log entry or issue number in src and web', () => {
    const offending = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'web'))].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ where: `${file.slice(root.length + 1)}:${index + 1}`, line }))
        .filter(({ line }) => /spec 00\d|decisions\.md|\(issue \d+|(?<!RFC \d+ )§\d/i.test(line))
        .map(({ where, line }) => `${where}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });
});
