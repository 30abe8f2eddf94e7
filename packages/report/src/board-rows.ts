import { evaluationRows } from './diagnostics-rows.js';
import { dollars, groupThousands, millis, percent } from './display-format.js';
import { type Json, num, object, pushInterval, rateText } from './metric-reading.js';
import type { BoardRow } from './report-data.js';

/**
 * A config's board lines from its saved metrics, in the spec's order. Read field by field:
 * a figure a report does not carry is left out (or said to be not scored), never invented.
 * Intervals are the record's own where it has them (strict, lenient); the others are the
 * gate's Wilson interval on the saved counts.
 */
export function boardRows(metrics: Json): BoardRow[] {
  return 'retrieval' in metrics ? retrievalRows(metrics) : accuracyRows(metrics);
}

function accuracyRows(m: Json): BoardRow[] {
  const rows: BoardRow[] = [];
  const execution = object(object(m.accuracy)?.execution);
  pushInterval(rows, 'Strict accuracy', object(execution?.strict));
  pushInterval(rows, 'Lenient accuracy', object(execution?.lenient));
  pushInterval(rows, 'Outcome accuracy', object(m.answerability));
  const faithfulness = object(m.faithfulness);
  if (faithfulness) {
    pushInterval(rows, 'Faithfulness', {
      count: faithfulness.faithful,
      total: faithfulness.answers,
    });
  } else if ('faithfulness' in m) {
    rows.push({ kind: 'text', label: 'Faithfulness', text: 'not scored (no written answers)' });
  }
  pushInterval(rows, 'All scorers', object(m.accuracy_all_scorers));
  // Test-suite accuracy beside EX, the three-tier verdict, efficiency: as the text board.
  rows.push(...evaluationRows(object(m.diagnostics)));
  const checks = object(m.rows_checks);
  if (checks) {
    const n = (key: string) => num(checks[key]) ?? 0;
    const failed = [
      ['rows_mismatch', 'rows-mismatch'],
      ['no_sql', 'no-sql'],
      ['unsafe_sql', 'unsafe-sql'],
      ['execution_error', 'execution-error'],
    ]
      .filter(([key]) => n(key as string) > 0)
      .map(([key, what]) => `${n(key as string)} ${what}`);
    rows.push({
      kind: 'text',
      label: 'Rows checked',
      text: `${n('executed')} executed, ${n('trusted')} trusted${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''}`,
    });
  }
  const suspect = object(m.suspect);
  if (suspect) {
    rows.push({
      kind: 'text',
      label: 'Suspect',
      text: `${rateText(suspect)} passed with a constant query where the gold reads a table`,
    });
  }
  pushInterval(rows, 'Generated path', object(m.accuracy_generated));
  const passK = object(m.pass_k);
  if (passK) {
    const strict = object(passK.strict);
    const lenient = object(passK.lenient);
    rows.push({
      kind: 'text',
      label: `pass^${num(passK.k) ?? 'k'}`,
      text: `strict ${rateText(strict)}, lenient ${rateText(lenient)}`,
    });
  } else if ('pass_k' in m) {
    rows.push({ kind: 'text', label: 'pass^k', text: 'one pass: not measured' });
  }
  // Any of k (pass@k) and first of k: a predictions file's candidates are its passes.
  const passAtK = object(m.pass_at_k);
  if (passAtK) {
    const k = num(passAtK.k) ?? 'k';
    const first = object(passAtK.first);
    rows.push({
      kind: 'text',
      label: `pass@${k} (any of ${k})`,
      text: `strict ${rateText(object(passAtK.strict))}, lenient ${rateText(object(passAtK.lenient))}`,
    });
    rows.push({
      kind: 'text',
      label: `First of ${k}`,
      text: `strict ${rateText(object(first?.strict))}, lenient ${rateText(object(first?.lenient))}`,
    });
  }
  pushPolicies(rows, object(m.policies));
  const determinism = object(m.determinism);
  if (determinism) {
    rows.push({
      kind: 'text',
      label: 'Determinism',
      text: `${rateText({ count: determinism.deterministic, total: determinism.cases })} of cases gave the same SQL and rows in every pass`,
    });
  } else if ('determinism' in m) {
    rows.push({ kind: 'text', label: 'Determinism', text: 'one pass: not measured' });
  }
  const money = object(m.dollars);
  const total = num(money?.total);
  if (total !== null) {
    const per = num(money?.per_case_run);
    rows.push({
      kind: 'text',
      label: 'Dollars',
      text: `${dollars(total)}${per === null ? '' : ` (${dollars(per)} per case run)`}`,
    });
  }
  const tokens = object(m.tokens);
  if (tokens) {
    const t = (key: string) => groupThousands(num(tokens[key]) ?? 0);
    rows.push({
      kind: 'text',
      label: 'Tokens',
      text: `${t('input')} in (${t('cached_input')} cached), ${t('output')} out (${t('reasoning')} reasoning)`,
    });
  }
  // Since the runner times the harness apart (harness_overhead present), `latency` is the
  // engine's own; in older reports it is the case run's whole time.
  const harness = object(m.harness_overhead);
  const latency = object(m.latency);
  const p50 = num(latency?.p50_ms);
  const p95 = num(latency?.p95_ms);
  if (p50 !== null && p95 !== null) {
    rows.push({
      kind: 'text',
      label: harness ? 'Engine latency' : 'Latency',
      text: `p50 ${millis(p50)}, p95 ${millis(p95)}`,
    });
  }
  const h50 = num(harness?.p50_ms);
  const h95 = num(harness?.p95_ms);
  if (h50 !== null && h95 !== null) {
    rows.push({
      kind: 'text',
      label: 'Harness overhead',
      text: `p50 ${millis(h50)}, p95 ${millis(h95)} per case run`,
    });
  }
  return rows;
}

function retrievalRows(m: Json): BoardRow[] {
  const r = object(m.retrieval) ?? {};
  const rows: BoardRow[] = [];
  const cases = num(r.cases);
  const table = num(r.table_recall);
  const column = num(r.column_recall);
  if (table !== null) rows.push({ kind: 'text', label: 'Table recall', text: percent(table) });
  if (column !== null) rows.push({ kind: 'text', label: 'Column recall', text: percent(column) });
  pushInterval(rows, 'Every table sent', { count: r.perfect_tables, total: cases });
  pushInterval(rows, 'Every column sent', { count: r.perfect_columns, total: cases });
  const tables = num(r.tables_sent);
  const columns = num(r.columns_sent);
  if (tables !== null && columns !== null) {
    rows.push({
      kind: 'text',
      label: 'Sent on average',
      text: `${tables.toFixed(2)} tables, ${columns.toFixed(2)} columns`,
    });
  }
  pushInterval(rows, 'Routing', object(r.routing));
  return rows;
}

/** Every leaderboard's rule on the same executions, and where they disagree (--policies). */
function pushPolicies(rows: BoardRow[], policies: Json | null): void {
  if (policies === null) return;
  const rules: Array<[string, string]> = [
    ['spider', 'Spider'],
    ['bird', 'BIRD'],
    ['defog', 'Defog'],
    ['strict', 'ours strict'],
    ['lenient', 'ours lenient'],
    ['test_suite', 'test suite'],
  ];
  rows.push({
    kind: 'text',
    label: "Leaderboards' rules",
    text: rules
      .map(([key, name]) => {
        const rate = object(policies[key]);
        return `${name} ${rate === null ? 'not measured' : rateText(rate)}`;
      })
      .join('; '),
  });
  const disagreements = Array.isArray(policies.disagreements) ? policies.disagreements : [];
  if (disagreements.length === 0) return;
  const shown = disagreements.slice(0, 20).map((d) => {
    const one = object(d) ?? {};
    const role = typeof one.role === 'string' ? ` as ${one.role}` : '';
    const pass = num(one.pass) ?? 1;
    const passing = Array.isArray(one.passing) ? one.passing.join(', ') : '';
    const failing = Array.isArray(one.failing)
      ? one.failing
          .map((f) => object(f))
          .map((f) => `${String(f?.policy)} (${String(f?.reason)})`)
          .join(', ')
      : '';
    return `${String(one.case_id)}${role}${pass > 1 ? ` (pass ${pass})` : ''}: pass ${passing}; fail ${failing}`;
  });
  const more = disagreements.length - shown.length;
  rows.push({
    kind: 'text',
    label: 'Where the rules disagree',
    text: `${disagreements.length} case run(s): ${shown.join(' | ')}${more > 0 ? ` | and ${more} more` : ''}`,
  });
}
