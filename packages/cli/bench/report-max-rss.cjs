// Preloaded into the measured process: prints its peak RSS on exit, for bench/run.ts.
process.on('exit', () => process.stderr.write(`\nmaxrss ${process.resourceUsage().maxRSS}\n`));
