// Preloaded into the measured process: prints its peak RSS on exit (the benches), and
// the CPU time of all its threads (user + system, microseconds), for the predictions bench.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(
    `\nmaxrss ${usage.maxRSS}\ncpu ${usage.userCPUTime + usage.systemCPUTime}\n`,
  );
});
