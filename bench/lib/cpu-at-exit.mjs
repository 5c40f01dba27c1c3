// Preloaded into a timed process (node --import): prints the process's own CPU time at exit, since
// on a shared machine wall time alone mostly measures the other processes.
process.on('exit', () => {
  const { user, system } = process.cpuUsage();
  process.stderr.write(`cpu-ms ${Math.round((user + system) / 1000)}\nmax-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
