// A real full disk for the CLI's tests: a tmpfs of a few kilobytes mounted in a mount namespace
// of the test's own (`unshare -rm`, no privilege needed where user namespaces are allowed), so
// a write past it fails with the kernel's ENOSPC, part of it written, as on a disk that fills
// up. Where namespaces are not allowed the tests that need it skip with the reason printed.
import { spawn, spawnSync } from 'node:child_process';

function probe(): string | null {
  const tried = spawnSync('unshare', ['-rm', 'sh', '-c', 'mount -t tmpfs -o size=4k tmpfs /mnt'], {
    encoding: 'utf8',
  });
  if (tried.error) return `unshare is not available (${tried.error.message})`;
  if (tried.status !== 0)
    return `cannot mount a tmpfs in a user namespace (${tried.stderr.trim()})`;
  return null;
}

/** Why no tiny disk can be made here, or null when it can. */
export const tinyDiskMissing: string | null = probe();

if (tinyDiskMissing !== null) console.warn(`skipping the full-disk tests: ${tinyDiskMissing}`);

/**
 * Runs the shell `script` with a tmpfs of `kilobytes` mounted on the folder `disk` (seen only
 * by the script and its children: the folder outside stays empty). Asynchronous, so a test
 * engine served by the test process answers meanwhile.
 */
export function onTinyDisk(
  disk: string,
  kilobytes: number,
  script: string,
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    'unshare',
    ['-rm', 'sh', '-c', `mount -t tmpfs -o size=${kilobytes}k tmpfs "$DISK" && ${script}`],
    { env: { ...process.env, ...env, DISK: disk }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString('utf8');
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
