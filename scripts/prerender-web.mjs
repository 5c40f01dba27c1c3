// After `vite build`: puts the home page's first screen (web/src/prerender.tsx, rendered without
// data) into web/dist/index.html, which the daemon serves for `/`, and keeps the empty shell as
// web/dist/app.html for every other page of the app (a 404 or /admin must not flash the home page).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(root, 'web', 'dist');
// Inside the package, so the built module finds react and the rest in node_modules; one folder per
// build, as clones sharing a node_modules may build at once.
const out = join(root, 'node_modules', '.cache', `newsctl-prerender-${process.pid}`);
try {
  await build({
    configFile: join(root, 'web', 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: join(root, 'web', 'src', 'prerender.tsx'),
      outDir: out,
      emptyOutDir: true,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const { renderFirstScreen } = await import(pathToFileURL(join(out, 'prerender.js')).href);
  const shell = readFileSync(join(dist, 'index.html'), 'utf8');
  const empty = '<div id="root"></div>';
  if (!shell.includes(empty)) throw new Error(`web/dist/index.html has no ${empty}`);
  const firstScreen = renderFirstScreen('/');
  writeFileSync(join(dist, 'app.html'), shell);
  writeFileSync(join(dist, 'index.html'), shell.replace(empty, `<div id="root">${firstScreen}</div>`));
  console.log(`prerendered the home page's first screen into web/dist/index.html (${(firstScreen.length / 1024).toFixed(1)} KB)`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
