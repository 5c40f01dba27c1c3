// The embedded database's own floor for a command: PGlite opened on a data folder, one query, closed
// (what any command that opens the database in its own process cannot go under), with WebAssembly
// tier-up off as a command runs it (src/db/client.ts, shortLived).
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--wasm-tier-up-filter=2147483647');
const { PGlite } = await import('@electric-sql/pglite');
const db = await PGlite.create({ dataDir: process.argv[2] });
await db.query('select 1');
await db.close();
