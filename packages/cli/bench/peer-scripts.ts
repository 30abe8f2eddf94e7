// The peers' own evaluation scripts, run unchanged from the user's checkouts of them: BIRD
// mini_dev's evaluation/evaluation_ex.py (BIRD_MINI_DEV) and Spider test-suite-sql-eval's
// evaluation.py --etype exec (SPIDER_TS_EVAL). Nothing of theirs is copied here: a small
// driver of ours runs their script as `__main__` (runpy) and reads each pair's verdict from
// it, because both scripts print only totals. A Python module the script imports that is
// not installed gets a stand-in written here, and every stand-in is disclosed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A peer that can run, or the reason it cannot. */
export type Peer =
  | {
      ready: true;
      name: string;
      script: string;
      driver: string;
      python: string;
      env: NodeJS.ProcessEnv;
      notes: string[];
    }
  | { ready: false; name: string; reason: string };

/** What a peer run measured: per pair pass or fail, in pair order. */
export interface PeerRun {
  verdicts: boolean[];
  wallMs: number;
  maxRssKb: number;
  /** CPU time of the script and its worker processes (user + system). */
  cpuMs: number;
  /** Driver facts worth printing (e.g. how often Spider's parser fell back). */
  facts: string[];
}

const PYTHON = process.env.PEER_PYTHON ?? '/usr/bin/python3';

// Stand-ins, each only for a module the Python above cannot import. They keep the peers'
// behaviour where it touches our pairs: func_timeout runs the call on a thread and gives
// up after the timeout (as the real one does); the database drivers BIRD imports for
// PostgreSQL and MySQL are never called on SQLite; tqdm is a progress bar.
const STAND_INS: Record<string, string> = {
  func_timeout: `import threading
class FunctionTimedOut(Exception):
    pass
def func_timeout(timeout, func, args=(), kwargs=None):
    box = {}
    def target():
        try:
            box["value"] = func(*args, **(kwargs or {}))
        except BaseException as e:
            box["error"] = e
    t = threading.Thread(target=target, daemon=True)
    t.start()
    t.join(timeout)
    if t.is_alive():
        raise FunctionTimedOut("timed out after %s s" % timeout)
    if "error" in box:
        raise box["error"]
    return box["value"]
`,
  psycopg2: 'def connect(*a, **k):\n    raise RuntimeError("stand-in: no PostgreSQL driver")\n',
  pymysql: 'def connect(*a, **k):\n    raise RuntimeError("stand-in: no MySQL driver")\n',
  tqdm: 'def tqdm(iterable=None, *a, **k):\n    return iterable\n',
  // Spider's tokenizer of SQL text: words (identifiers, numbers, a.b) and single symbols;
  // process_sql joins "!" "=" and the like itself.
  nltk: `import re
def word_tokenize(text, language="english", preserve_line=False):
    return re.findall(r"[A-Za-z0-9_.$]+|[^\\sA-Za-z0-9_.$]", text)
`,
};

const DISCLOSE: Record<string, string> = {
  func_timeout:
    'func_timeout: a stand-in (the call on a thread, FunctionTimedOut after the timeout)',
  psycopg2: 'psycopg2: a stand-in that refuses to connect (only SQLite is run)',
  pymysql: 'pymysql: a stand-in that refuses to connect (only SQLite is run)',
  tqdm: 'tqdm: a stand-in (no progress bar; not shown without --progress_bar_for_each_datapoint)',
  nltk: 'nltk: a stand-in word_tokenize (a regular expression over SQL text)',
};

function importable(module: string): boolean {
  return spawnSync(PYTHON, ['-c', `import ${module}`], { stdio: 'ignore' }).status === 0;
}

/** The stand-ins `modules` need, written under `dir`; what was written, disclosed. */
function standIns(dir: string, modules: readonly string[]): string[] {
  const notes: string[] = [];
  for (const m of modules) {
    if (importable(m)) continue;
    mkdirSync(join(dir, m), { recursive: true });
    writeFileSync(join(dir, m, '__init__.py'), STAND_INS[m] as string);
    notes.push(DISCLOSE[m] as string);
  }
  return notes;
}

function pythonReady(name: string): Peer | undefined {
  const r = spawnSync(PYTHON, ['--version'], { encoding: 'utf8' });
  if (r.status !== 0)
    return { ready: false, name, reason: `no Python at ${PYTHON} (set PEER_PYTHON)` };
  return undefined;
}

// Both drivers end with the script's usage: peak RSS (the larger of the script and its
// worker processes) and CPU time (user + system of the script and its workers, seconds).
const USAGE = `rss = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
cpu = sum(getattr(resource.getrusage(w), f) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN) for f in ("ru_utime", "ru_stime"))
`;

// Runs evaluation_ex.py as __main__ and reads its exec_result (one {sql_idx, res} per pair,
// sorted by the script): its verdicts exactly.
const BIRD_DRIVER = `import json, resource, runpy, sys
script, out = sys.argv[1], sys.argv[2]
sys.path.insert(0, __import__("os").path.dirname(script))
sys.argv = [script] + sys.argv[3:]
g = runpy.run_path(script, run_name="__main__")
${USAGE}json.dump({"verdicts": [r["res"] for r in g["exec_result"]], "max_rss_kb": rss, "cpu_s": cpu, "facts": []}, open(out, "w"))
`;

// Runs evaluation.py --etype exec as __main__, recording what eval_exec_match returns for
// each pair. Its gold parser (for the hardness bucket only) reads Spider's SQL subset and
// raises on anything else, which aborts the whole script before a pair is executed; a
// failed parse is given the empty parse the script itself gives an unparsable prediction.
// The exec verdict never reads the parse. Without punkt data, nltk's word_tokenize is
// asked not to split sentences (preserve_line): SQL is one line.
const SPIDER_DRIVER = `import functools, json, resource, runpy, sys
script, out = sys.argv[1], sys.argv[2]
sys.path.insert(0, __import__("os").path.dirname(script))
facts = []
import nltk
try:
    nltk.word_tokenize("SELECT a FROM t")
except LookupError:
    nltk.word_tokenize = functools.partial(nltk.word_tokenize, preserve_line=True)
    facts.append("nltk punkt data absent: word_tokenize(preserve_line=True), the SQL as one line")
import process_sql, exec_eval
parse, fallbacks = process_sql.get_sql, [0]
def empty():
    return {"except": None, "from": {"conds": [], "table_units": []}, "groupBy": [], "having": [],
            "intersect": None, "limit": None, "orderBy": [], "select": [False, []], "union": None, "where": []}
def get_sql(schema, query):
    try:
        return parse(schema, query)
    except Exception:
        fallbacks[0] += 1
        return empty()
process_sql.get_sql = get_sql
verdicts, match = [], exec_eval.eval_exec_match
def recorded(*a, **k):
    v = match(*a, **k)
    verdicts.append(v)
    return v
exec_eval.eval_exec_match = recorded
sys.argv = [script] + sys.argv[3:]
runpy.run_path(script, run_name="__main__")
facts.append("parser fallbacks (gold and prediction parses, hardness only): %d" % fallbacks[0])
${USAGE}json.dump({"verdicts": verdicts, "max_rss_kb": rss, "cpu_s": cpu, "facts": facts}, open(out, "w"))
`;

/** BIRD mini_dev from BIRD_MINI_DEV (the repository's root), or why not. */
export function birdPeer(work: string): Peer {
  const name = 'BIRD evaluation_ex.py';
  const root = process.env.BIRD_MINI_DEV;
  if (!root)
    return {
      ready: false,
      name,
      reason: 'BIRD_MINI_DEV is not set (a checkout of bird-bench/mini_dev)',
    };
  const script = join(root, 'evaluation', 'evaluation_ex.py');
  if (!existsSync(script)) return { ready: false, name, reason: `${script} does not exist` };
  const noPython = pythonReady(name);
  if (noPython) return noPython;
  const dir = join(work, 'bird-python');
  const notes = standIns(dir, ['func_timeout', 'psycopg2', 'pymysql']);
  const driver = join(work, 'bird_driver.py');
  writeFileSync(driver, BIRD_DRIVER);
  return { ready: true, name, script, driver, python: PYTHON, env: pythonPath(dir), notes };
}

/** Spider test-suite-sql-eval from SPIDER_TS_EVAL (the repository's root), or why not. */
export function spiderPeer(work: string): Peer {
  const name = 'Spider evaluation.py --etype exec';
  const root = process.env.SPIDER_TS_EVAL;
  if (!root)
    return {
      ready: false,
      name,
      reason: 'SPIDER_TS_EVAL is not set (a checkout of taoyds/test-suite-sql-eval)',
    };
  const script = join(root, 'evaluation.py');
  if (!existsSync(script)) return { ready: false, name, reason: `${script} does not exist` };
  const noPython = pythonReady(name);
  if (noPython) return noPython;
  // remove_distinct parses with sqlparse: no stand-in would keep its behaviour.
  if (!importable('sqlparse'))
    return {
      ready: false,
      name,
      reason: `sqlparse is not installed for ${PYTHON} (apt-get install python3-sqlparse)`,
    };
  const dir = join(work, 'spider-python');
  const notes = standIns(dir, ['nltk', 'tqdm']);
  const driver = join(work, 'spider_driver.py');
  writeFileSync(driver, SPIDER_DRIVER);
  return { ready: true, name, script, driver, python: PYTHON, env: pythonPath(dir), notes };
}

function pythonPath(dir: string): NodeJS.ProcessEnv {
  const path = [dir, process.env.PYTHONPATH].filter(Boolean).join(':');
  return { ...process.env, PYTHONPATH: path, PYTHONDONTWRITEBYTECODE: '1' };
}

/** Runs a ready peer's driver with the script's own arguments; wall time from the spawn. */
export function runPeer(
  peer: Peer & { ready: true },
  dir: string,
  args: readonly string[],
): PeerRun {
  const out = join(dir, `${peer.name.startsWith('BIRD') ? 'bird' : 'spider'}-verdicts.json`);
  const started = performance.now();
  const r = spawnSync(peer.python, [peer.driver, peer.script, out, ...args], {
    env: peer.env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const wallMs = performance.now() - started;
  if (r.status !== 0) throw new Error(`${peer.name} exited ${r.status}: ${r.stderr.slice(-3000)}`);
  const saved = JSON.parse(readFileSync(out, 'utf8')) as {
    verdicts: number[];
    max_rss_kb: number;
    cpu_s: number;
    facts: string[];
  };
  return {
    verdicts: saved.verdicts.map((v) => v === 1),
    wallMs,
    maxRssKb: saved.max_rss_kb,
    cpuMs: saved.cpu_s * 1000,
    facts: saved.facts,
  };
}
