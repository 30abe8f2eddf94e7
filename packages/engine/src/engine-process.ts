// One run of a process engine's command: the child, its three pipes and how it ends.
// ProcessEngine decides what the lines mean and when to start another; this file only keeps
// the operating-system side tidy: no unhandled 'error' event (a write to a child that just
// died is EPIPE), stdout read to its end before the exit is reported (replies written just
// before exiting still count), and an end that is always one of: exited by itself, killed by
// a signal, or could not be spawned.
//
// The child gets a process group of its own (POSIX), so the Ctrl-C a terminal sends to the
// evaluator's group does not reach it: the evaluator ends it (close), in order, and a
// signal sent on the way reaches whatever the engine started too. The group outlives its
// leader: a script that started `cmd &` and exited on end of input leaves cmd running, so
// once the leader has ended, whatever is left in its group is ended too (SIGTERM, then
// SIGKILL). A last-resort hook kills every group still alive when the evaluator exits
// without closing (a second Ctrl-C).

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { LineSplitter } from './line-splitter.js';

export interface EngineProcessOptions {
  command: readonly string[];
  cwd: string | undefined;
  env: Record<string, string | undefined>;
  maxLineBytes: number;
  /** A line on stdout (the protocol). */
  onLine(line: string): void;
  /** A stdout line longer than `maxLineBytes`: its first bytes and its length. */
  onOverflow(prefix: string, bytes: number): void;
  /** A line on stderr (the engine's log). */
  onStderr(line: string): void;
  /** The process ended and its stdout has been read to the end. Called once. */
  onEnd(end: ProcessEnd): void;
}

/** How a process ended. */
export type ProcessEnd =
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'spawn'; message: string };

/** Longest stderr line passed on whole; a longer one is cut. */
const STDERR_LINE_BYTES = 64 * 1024;
/** How long to wait for stdout and stderr to end after the exit (a grandchild may hold them). */
const DRAIN_AFTER_EXIT_MS = 1000;

/** Every child still running, for the exit hook. */
const live = new Set<EngineProcess>();
/** The process groups (by leader pid) not yet seen empty, for the exit hook. */
const liveGroups = new Set<number>();
let hooked = false;
/** How long the processes an ended engine left in its group get between SIGTERM and SIGKILL. */
const GROUP_GRACE_MS = 1000;
/** How often an ending group is looked at. */
const GROUP_POLL_MS = 20;
const ownGroups = process.platform !== 'win32';

/** Whether any process (a zombie included) is left in the group `pgid` leads or led. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    // A negative pid signals the whole group the child leads (it was spawned detached).
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
  } catch {
    // Already gone (ESRCH): nothing to end.
  }
}

function hookExit(): void {
  if (hooked) return;
  hooked = true;
  // Synchronous, last chance: the evaluator is exiting and nothing waits for answers.
  process.on('exit', () => {
    for (const child of live) child.killNow();
    for (const pgid of liveGroups) killGroup(pgid, 'SIGKILL');
  });
}

/** `exited with code 1`, `was killed by SIGKILL`, `could not be started: spawn x ENOENT`. */
export function describeEnd(end: ProcessEnd): string {
  if (end.kind === 'spawn') return `could not be started: ${end.message}`;
  if (end.signal) return `was killed by ${end.signal}`;
  return `exited with code ${end.code}`;
}

export class EngineProcess {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #options: EngineProcessOptions;
  #exited = false;
  #ended: ProcessEnd | undefined;
  readonly #endWaiters: Array<() => void> = [];
  #lastStderr = '';
  #held = true;
  /** Ending what the leader left in its group, once it has ended. */
  #groupEnding: Promise<void> | undefined;

  constructor(options: EngineProcessOptions) {
    this.#options = options;
    const [file, ...args] = options.command;
    this.#child = spawn(file as string, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    const child = this.#child;
    live.add(this);
    if (ownGroups && child.pid !== undefined) liveGroups.add(child.pid);
    hookExit();

    const stdout = new LineSplitter(options.maxLineBytes, {
      line: (text) => options.onLine(text),
      overflow: (prefix, bytes) => options.onOverflow(prefix, bytes),
    });
    const stderr = new LineSplitter(STDERR_LINE_BYTES, {
      line: (text) => this.#stderrLine(text),
      overflow: (prefix, bytes) => this.#stderrLine(`${prefix}... (a line of ${bytes} bytes, cut)`),
    });
    // Both pipes read to their end (or given up on, DRAIN_AFTER_EXIT_MS after the exit), so
    // the replies written last count and the traceback's last line is known.
    let stdoutDone = false;
    let stderrDone = false;
    let drainTimer: NodeJS.Timeout | undefined;
    let exit: ProcessEnd | undefined;
    const finish = () => {
      if (this.#ended || !exit || !stdoutDone || !stderrDone) return;
      clearTimeout(drainTimer);
      this.#ended = exit;
      live.delete(this);
      // Nothing more is read: the pipes let go of the event loop.
      child.stdout.destroy();
      child.stderr.destroy();
      child.stdin.destroy();
      options.onEnd(exit);
      // The leader is gone; what it started in its group must not outlive it.
      this.#groupEnding = this.#endGroup();
      for (const wake of this.#endWaiters.splice(0)) wake();
    };
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stdout.on('end', () => {
      stdout.end();
      stdoutDone = true;
      finish();
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stderr.on('end', () => {
      stderr.end();
      stderrDone = true;
      finish();
    });
    // EPIPE and friends: the exit that follows says what happened.
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream.on('error', () => {});
    child.on('error', (error: Error) => {
      // Spawning failed (ENOENT, EACCES, a bad cwd): there is no process and no exit event.
      if (child.pid === undefined && !exit) {
        this.#exited = true;
        exit = { kind: 'spawn', message: error.message };
        stdoutDone = true;
        stderrDone = true;
        finish();
      }
      // Otherwise a kill or a write failed on a process that is going away: its exit follows.
    });
    child.on('exit', (code, signal) => {
      this.#exited = true;
      exit = { kind: 'exit', code, signal };
      if (stdoutDone && stderrDone) {
        finish();
        return;
      }
      drainTimer = setTimeout(() => {
        stdoutDone = true;
        stderrDone = true;
        finish();
      }, DRAIN_AFTER_EXIT_MS);
    });
  }

  /** The child's pid (undefined when it could not be spawned). */
  get pid(): number | undefined {
    return this.#child.pid;
  }

  /** True once the process has exited (its end may not be reported yet). */
  get exited(): boolean {
    return this.#exited;
  }

  get ended(): ProcessEnd | undefined {
    return this.#ended;
  }

  /** The last non-empty line it wrote on stderr (for messages about its end). */
  get lastStderr(): string {
    return this.#lastStderr;
  }

  #stderrLine(text: string): void {
    if (text.trim() !== '') this.#lastStderr = text.trim();
    this.#options.onStderr(text);
  }

  /** Writes a line to its stdin; false when stdin is closed (the request cannot be sent). */
  write(line: string): boolean {
    const stdin = this.#child.stdin;
    if (this.#exited || stdin.destroyed || stdin.writableEnded) return false;
    stdin.write(line);
    return true;
  }

  /** Whether the child holds the event loop open: only while an answer is awaited. */
  hold(held: boolean): void {
    // A destroyed socket's ref() waits for a 'connect' that never comes: leave it be.
    if (this.#ended || held === this.#held) return;
    this.#held = held;
    const child = this.#child;
    for (const handle of [child, child.stdout, child.stderr, child.stdin] as Array<{
      ref?: () => void;
      unref?: () => void;
      destroyed?: boolean;
    }>) {
      if (handle.destroyed) continue;
      if (held) handle.ref?.();
      else handle.unref?.();
    }
  }

  /** Resolves when the end has been reported. */
  whenEnded(): Promise<void> {
    if (this.#ended) return Promise.resolve();
    return new Promise((resolve) => this.#endWaiters.push(resolve));
  }

  /** Sends a signal to it and its process group now. */
  signal(signal: NodeJS.Signals): void {
    const pid = this.#child.pid;
    if (pid === undefined || this.#exited) return;
    killGroup(pid, signal);
  }

  /** Synchronous SIGKILL, for the evaluator's exit. */
  killNow(): void {
    this.signal('SIGKILL');
  }

  /**
   * Ends it in order: stdin closed (a line-protocol engine exits on end of input), then
   * SIGTERM after `graceMs`, then SIGKILL after `graceMs` more. Resolves once its end has
   * been reported (the child reaped: no zombie).
   */
  async terminate(graceMs: number): Promise<void> {
    if (this.#ended) return;
    this.hold(true);
    this.#child.stdin.end();
    const steps: NodeJS.Signals[] = ['SIGTERM', 'SIGKILL'];
    for (const step of steps) {
      if (await this.#endsWithin(graceMs)) break;
      this.signal(step);
    }
    await this.whenEnded();
    await this.#groupEnding;
  }

  /**
   * Ends what is left in the process group after its leader ended: SIGTERM, then SIGKILL
   * GROUP_GRACE_MS later. Resolves when the group is empty (or SIGKILL had its time).
   */
  async #endGroup(): Promise<void> {
    const pgid = this.#child.pid;
    if (!ownGroups || pgid === undefined) return;
    const emptyWithin = async (ms: number) => {
      for (const until = Date.now() + ms; groupAlive(pgid); ) {
        if (Date.now() >= until) return false;
        await new Promise((resolve) => setTimeout(resolve, GROUP_POLL_MS));
      }
      return true;
    };
    try {
      if (!groupAlive(pgid)) return;
      killGroup(pgid, 'SIGTERM');
      if (await emptyWithin(GROUP_GRACE_MS)) return;
      killGroup(pgid, 'SIGKILL');
      await emptyWithin(GROUP_GRACE_MS);
    } finally {
      liveGroups.delete(pgid);
    }
  }

  async #endsWithin(ms: number): Promise<boolean> {
    if (this.#ended) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    try {
      return await Promise.race([this.whenEnded().then(() => true), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
