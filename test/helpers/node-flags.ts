/**
 * Node's flags for every process the tests run the product in: vitest's workers (vitest.config.ts)
 * and the commands and daemons the tests start (daemon.ts). WebAssembly stays on V8's baseline
 * compiler: optimising PGlite's hot functions runs on another core (about 2 s of CPU a process, and
 * up to 570 MB), which a process that lives for one test file never earns back; on CI's two busy
 * cores it was CPU taken from the other suites (docs/benchmarks.md, "CI's time"). The code runs the same.
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'];
