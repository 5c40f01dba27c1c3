// After `vite build`: writes .br and .gz beside every compressible file of web/dist, so the daemon
// serves the site precompressed at the best level instead of compressing on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(dirname(fileURLToPath(import.meta.url))), 'web', 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

let files = 0;
const visit = (dir) => {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) visit(path);
    else if (COMPRESSIBLE.test(entry) && statSync(path).size > 1024) {
      const content = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      files++;
    }
  }
};
visit(dist);
console.log(`compressed ${files} files in web/dist (.br, .gz)`);
