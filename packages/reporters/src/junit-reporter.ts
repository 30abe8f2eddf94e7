import type { CaseResult, ConfigReport, RunReport } from '@nl2sql/runner';
import { caseRunName } from './board-text.js';
import { writeOutputFile } from './output-file.js';
import type { GateOutcome, Reporter, ReporterContext, RunOutcome } from './reporter.js';
import { caseLines, suiteFileForCi } from './suite-place.js';
import { xmlElement, xmlText } from './xml-text.js';

/** Where the suite file is and each case's line in it (testcase `file` and `line`). */
export interface JunitPlaces {
  readonly file: string;
  readonly lines: ReadonlyMap<string, number>;
}

interface Counts {
  tests: number;
  failures: number;
  errors: number;
  skipped: number;
  time: number;
}

interface Suite {
  readonly xml: string;
  readonly counts: Counts;
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** ISO 8601 without the fraction and zone (the JUnit schema's form); the time is UTC. */
const timestamp = (iso: string) => iso.slice(0, 19);

/**
 * The run as JUnit XML: a `<testsuite>` per config with one `<testcase>` per case run
 * (classname the suite file's name, name the case and role, time the engine's latency),
 * a `<failure>` whose message is the comparator's explanation for a failing case run and an
 * `<error>` for one whose ask failed; the case runs a stopped run did not make as one
 * skipped testcase; and, when the run was gated, a `gate` testsuite with one testcase per
 * check. Every user string is escaped (xml-text.ts).
 */
export function junitXml(
  outcome: Pick<RunOutcome, 'report' | 'gate'>,
  places: JunitPlaces,
): string {
  const { report } = outcome;
  const suites = report.configs.map((board) => configSuite(report, board, places));
  const gate = gateSuite(outcome.gate, report);
  if (gate) suites.push(gate);
  const total = sum(suites.map((s) => s.counts));
  total.time = report.timings.wallMs / 1000;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    xmlElement(
      'testsuites',
      [['name', `nl2sql eval run (mode ${report.mode})`], ...countAttributes(total)],
      `\n${suites.map((s) => s.xml).join('\n')}\n`,
    ),
    '',
  ].join('\n');
}

function configSuite(report: RunReport, board: ConfigReport, places: JunitPlaces): Suite {
  const several = report.configs.length > 1;
  const counts: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };
  const cases: string[] = [];
  for (const run of board.cases) {
    counts.tests++;
    counts.time += (run.latencyMs ?? 0) / 1000;
    if (run.status === 'fail') counts.failures++;
    if (run.status === 'error') counts.errors++;
    cases.push(testcase(report, board, run, several, places));
  }
  const notRun = board.plannedCases - board.completedCases;
  if (notRun > 0) {
    counts.tests++;
    counts.skipped++;
    const why =
      report.stopped === 'max_cost'
        ? 'the run stopped at its cost cap'
        : report.stopped === 'cancelled'
          ? 'the run was stopped (Ctrl-C or SIGTERM)'
          : 'the run ended early';
    cases.push(
      xmlElement(
        'testcase',
        [
          ['classname', report.dataset.name],
          ['name', `case runs not run${several ? ` [${board.config.name}]` : ''}`],
          ['time', '0.000'],
        ],
        xmlElement('skipped', [
          ['message', `${notRun} of ${board.plannedCases} case runs were not run: ${why}`],
        ]),
      ),
    );
  }
  const engine = `${board.engine.name} ${board.engine.version}`;
  const properties = xmlElement(
    'properties',
    [],
    [
      ['mode', report.mode],
      ['config', board.config.name],
      ['kind', board.kind],
      ['engine', engine],
      ['suite_digest', report.dataset.digest],
      ['database', report.database?.datasource_id],
      ['passes', report.settings.passes],
    ]
      .filter(([, v]) => v !== undefined)
      .map(([name, value]) =>
        xmlElement('property', [
          ['name', String(name)],
          ['value', String(value)],
        ]),
      )
      .join(''),
  );
  const xml = xmlElement(
    'testsuite',
    [
      ['name', `${report.dataset.name} (config ${board.config.name})`],
      ...countAttributes(counts),
      ['timestamp', timestamp(report.startedAt)],
    ],
    `\n${[properties, ...cases].map((c) => `  ${c}`).join('\n')}\n`,
  );
  return { xml, counts };
}

function testcase(
  report: RunReport,
  board: ConfigReport,
  run: CaseResult,
  several: boolean,
  places: JunitPlaces,
): string {
  const attributes = [
    ['classname', report.dataset.name],
    ['name', `${caseRunName(run)}${several ? ` [${board.config.name}]` : ''}`],
    ['time', seconds(run.latencyMs ?? 0)],
    ['file', places.file],
    ['line', places.lines.get(run.caseId)],
  ] as const;
  const children: string[] = [];
  if (run.status === 'fail') {
    const failed = Object.entries(run.scores)
      .filter(([, s]) => !s.pass && s.kind === 'execution')
      .map(([name]) => name);
    children.push(
      xmlElement(
        'failure',
        [
          ['message', run.explanation ?? 'the case run failed'],
          ['type', failed.length > 0 ? failed.join(',') : 'fail'],
        ],
        xmlText(details(run)),
      ),
    );
  } else if (run.status === 'error') {
    const code = run.error?.code ?? 'ERROR';
    children.push(
      xmlElement(
        'error',
        [
          ['message', run.error ? `${code}: ${run.error.message}` : (run.explanation ?? 'error')],
          ['type', code],
        ],
        xmlText(details(run)),
      ),
    );
  }
  if (run.suspect !== null) {
    children.push(xmlElement('system-out', [], xmlText(`suspect: ${run.suspect}`)));
  }
  return xmlElement('testcase', attributes, children.join(''));
}

/** The body of a failure or error: what a person needs to see why, on a few lines. */
function details(run: CaseResult): string {
  const lines = [
    `${caseRunName(run)}: ${run.status} (lenient ${run.lenientStatus})`,
    `expected: ${run.expected}; engine: ${run.engineStatus ?? 'no reply'}${run.error ? ` (${run.error.code}: ${run.error.message})` : ''}`,
  ];
  if (run.explanation !== null) lines.push(`why: ${run.explanation}`);
  if (run.sql !== null) lines.push(`sql: ${run.sql}`);
  return lines.join('\n');
}

function gateSuite(gate: GateOutcome, report: RunReport): Suite | null {
  if (gate.status === 'not asked') return null;
  const counts: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };
  const cases: string[] = [];
  const one = (name: string, child?: string) => {
    counts.tests++;
    cases.push(
      xmlElement(
        'testcase',
        [
          ['classname', 'gate'],
          ['name', name],
          ['time', '0.000'],
        ],
        child,
      ),
    );
  };
  if (gate.status === 'not run' || gate.status === 'no baseline') {
    counts.skipped++;
    one(
      'gate',
      xmlElement('skipped', [
        ['message', gate.status === 'not run' ? 'not run: the run was stopped' : gate.message],
      ]),
    );
  } else {
    for (const check of gate.gate.result.checks) {
      if (!check.pass) counts.failures++;
      one(
        `${check.config}${check.score ? ` ${check.score}` : ''} ${check.name}`,
        check.pass
          ? undefined
          : xmlElement(
              'failure',
              [
                ['message', check.explanation],
                ['type', check.name],
              ],
              xmlText(check.explanation),
            ),
      );
    }
    for (const { config, caseRuns } of gate.gate.missing) {
      const message = `${caseRuns.length} baseline case run(s) were not run: ${caseRuns.join(', ')}`;
      if (!gate.gate.allowPartial) counts.failures++;
      one(
        `${config} partial_run`,
        gate.gate.allowPartial
          ? undefined
          : xmlElement(
              'failure',
              [
                ['message', message],
                ['type', 'partial_run'],
              ],
              xmlText(message),
            ),
      );
    }
  }
  const xml = xmlElement(
    'testsuite',
    [['name', 'gate'], ...countAttributes(counts), ['timestamp', timestamp(report.startedAt)]],
    `\n${cases.map((c) => `  ${c}`).join('\n')}\n`,
  );
  return { xml, counts };
}

function countAttributes(c: Counts): Array<readonly [string, string | number]> {
  return [
    ['tests', c.tests],
    ['failures', c.failures],
    ['errors', c.errors],
    ['skipped', c.skipped],
    ['time', c.time.toFixed(3)],
  ];
}

function sum(counts: readonly Counts[]): Counts {
  const total: Counts = { tests: 0, failures: 0, errors: 0, skipped: 0, time: 0 };
  for (const c of counts) {
    total.tests += c.tests;
    total.failures += c.failures;
    total.errors += c.errors;
    total.skipped += c.skipped;
    total.time += c.time;
  }
  return total;
}

/** `--reporter junit=FILE`: the run as JUnit XML, for any CI's test view. */
export function junitReporter({ io }: ReporterContext, file: string): Reporter {
  return {
    name: `junit=${file}`,
    finish(outcome) {
      const places = {
        file: suiteFileForCi(outcome.suitePath, io.env, io.cwd),
        lines: caseLines(outcome.suite),
      };
      writeOutputFile(file, junitXml(outcome, places));
    },
  };
}
