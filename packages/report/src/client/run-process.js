// The parts of a drill-down beyond the answer itself: the three-tier verdict and the other
// diagnostics, an agent's trajectory as a timeline (its unsafe step marked), the clarify
// outcome, and a predictions file's candidates with the best one's SQL and rows. Built with
// el() and text nodes, like the rest of the drill-down (drill-down.js).

/** @param {any} c the case run */
// biome-ignore lint/correctness/noUnusedVariables: called by drill-down.js, inlined in the same script
function verdictBlock(c) {
  const d = c.diagnostics;
  if (!d) return null;
  const list = el('ul', { class: 'diag' });
  const v = d.verdict;
  if (v) {
    list.append(
      el(
        'li',
        { class: 'verdict-tier' },
        el('span', { class: `badge ${v.pass ? 'pass' : 'fail'}` }, v.pass ? 'pass' : 'fail'),
        ' ',
        el('b', null, `decided by the ${v.tier} tier`),
        ` (${v.outcome}): ${v.reason}`,
        v.judge ? el('div', { class: 'muted' }, `judge: ${v.judge}`) : null,
        v.proposal
          ? el('div', null, 'proposed as an alternative gold:', el('pre', null, v.proposal))
          : null,
      ),
    );
  }
  const ts = d.test_suite;
  if (ts) {
    const why = ts.error
      ? `not judged: ${ts.error}`
      : ts.distinguished_by
        ? `told apart from the gold by ${ts.distinguished_by}`
        : `the same as the gold on all ${ts.databases} databases`;
    list.append(
      el(
        'li',
        { class: 'test-suite' },
        el('span', { class: `badge ${ts.pass ? 'pass' : 'fail'}` }, ts.pass ? 'pass' : 'fail'),
        ' ',
        el('b', null, 'test suite'),
        ts.pass === ts.lenient ? '' : ` (lenient ${ts.lenient ? 'pass' : 'fail'})`,
        `: ${why}`,
      ),
    );
  }
  /** @param {number | null} x */
  const fixed = (x) => (x === null ? '-' : x.toFixed(3));
  const similarity = [];
  if (d.normalized_match !== null)
    similarity.push(`normalized exact match ${d.normalized_match ? 'yes' : 'no'}`);
  if (d.ast_similarity !== null) similarity.push(`AST similarity ${fixed(d.ast_similarity)}`);
  if (d.component_f1) {
    const parts = Object.entries(d.component_f1).map(([part, f1]) => `${part} ${fixed(f1)}`);
    if (parts.length > 0) similarity.push(`component F1: ${parts.join(', ')}`);
  }
  if (similarity.length > 0) {
    list.append(el('li', { class: 'similarity' }, el('b', null, 'SQL '), similarity.join('; ')));
  }
  const f = d.filter_values;
  if (f) {
    list.append(
      el(
        'li',
        { class: f.missing.length > 0 ? 'missed' : '' },
        el('b', null, 'filter values '),
        `${f.present} of ${f.total} present (IDs ${f.ids.present} of ${f.ids.total})`,
        f.missing.length > 0 ? `; missing ${f.missing.join(', ')}` : '',
      ),
    );
  }
  if (d.error_class) {
    list.append(
      el(
        'li',
        { class: 'error-class' },
        el('b', null, 'error class '),
        d.error_class,
        d.error_evidence.length > 0 ? `: ${d.error_evidence.join('; ')}` : '',
      ),
    );
  }
  const e = d.efficiency;
  if (e) {
    const cost = e.cost
      ? `; cost ${e.cost.prediction} against the gold's ${e.cost.gold} ${e.cost.unit} (${e.cost.ratio.toFixed(2)}x)${e.cost.over_budget ? ', over budget' : ''}`
      : '';
    list.append(
      el(
        'li',
        { class: e.cost?.over_budget ? 'missed' : '' },
        el('b', null, 'efficiency '),
        e.status === 'measured'
          ? `time ratio ${e.time_ratio.toFixed(2)}, VES reward ${fixed(e.ves_reward)}, R-VES reward ${fixed(e.rves_reward)}`
          : `${e.status}${e.error ? `: ${e.error}` : ''}`,
        e.added_full_scans.length > 0 ? `; adds full scans: ${e.added_full_scans.join(', ')}` : '',
        cost,
      ),
    );
  }
  return list.childNodes.length === 0 ? null : list;
}

/** @param {any} c the case run */
// biome-ignore lint/correctness/noUnusedVariables: called by drill-down.js, inlined in the same script
function trajectoryBlock(c) {
  const t = c.trajectory;
  if (!t) return null;
  const summary = el(
    'div',
    { class: 'muted' },
    `${t.steps.length} step(s): ${t.executions} SQL execution(s), ${t.schema_calls} schema call(s), ${t.errors} error(s)${t.errors > 0 ? (t.recovered ? ', recovered' : ', not recovered') : ''}, ${t.probe_rows} row(s) read by probes`,
  );
  const list = el('ol', { class: 'timeline' });
  t.steps.forEach(
    /** @param {any} s @param {number} n */ (s, n) => {
      const unsafe = n === c.unsafeStep || s.unsafe;
      const item = el(
        'li',
        { class: `step ${s.kind}${unsafe ? ' unsafe' : ''}${s.error ? ' failed' : ''}` },
        el('span', { class: 'step-kind' }, s.kind),
      );
      if (s.kind === 'schema') {
        item.append(` ${s.call || 'schema call'}${s.target ? `: ${s.target}` : ''}`);
      }
      if (s.message) item.append(el('div', null, s.message));
      if (s.sql) item.append(el('pre', null, s.sql));
      if (s.row_count !== null && s.row_count !== undefined)
        item.append(el('div', { class: 'muted' }, `${s.row_count} row(s)`));
      if (s.error) item.append(el('div', { class: 'step-error' }, `error: ${s.error}`));
      if (unsafe) {
        item.append(
          el(
            'div',
            { class: 'step-unsafe' },
            `unsafe step: ${s.unsafe || 'failed the harness check'}`,
          ),
        );
      }
      list.append(item);
    },
  );
  return el('div', { class: 'trajectory' }, summary, list);
}

/** @param {any} c the case run */
// biome-ignore lint/correctness/noUnusedVariables: called by drill-down.js, inlined in the same script
function clarifyBlock(c) {
  const k = c.clarify;
  if (!k) return null;
  const words = {
    clarified: 'asked a clarifying question, as the case expects',
    guessed: 'answered with a guess where the case expects a clarifying question',
    asked_needlessly: 'asked a question where the case expects an answer',
  };
  return el(
    'div',
    { class: `clarify ${k.verdict}` },
    el(
      'span',
      { class: `badge ${k.verdict === 'clarified' ? 'pass' : 'fail'}` },
      k.verdict.replace('_', ' '),
    ),
    ' ',
    /** @type {Record<string, string>} */ (words)[k.verdict] || k.verdict,
    k.question ? el('pre', null, k.question) : null,
  );
}

/**
 * Every candidate's verdict, and the best candidate's SQL and rows when it is another one.
 * @param {any} c the case run
 * @param {any[]} cases every case run of the page
 * @param {any} gold its case, or undefined
 */
// biome-ignore lint/correctness/noUnusedVariables: called by drill-down.js, inlined in the same script
function candidatesBlock(c, cases, gold) {
  const k = c.candidates;
  if (!k) return null;
  const list = el(
    'ol',
    { class: 'candidates' },
    ...k.runs.map(
      /** @param {any} r */ (r) =>
        el(
          'li',
          { class: `candidate${r.i === k.best ? ' best' : ''}${r.i === c.i ? ' this' : ''}` },
          el('span', { class: `badge ${r.status}` }, r.status),
          ` candidate ${r.pass}`,
          r.status !== 'pass' && r.lenient === 'pass' ? ' (lenient pass)' : '',
          r.i === k.best ? el('b', null, ' best') : '',
          r.i === c.i ? el('span', { class: 'muted' }, ' (this one)') : '',
        ),
    ),
  );
  const box = el('div', { class: 'candidate-box' }, list);
  const best = cases[k.best];
  const passed = k.runs.filter(/** @param {any} r */ (r) => r.status === 'pass').length;
  box.append(
    el(
      'div',
      { class: 'muted' },
      `${passed} of ${k.runs.length} candidate(s) pass strict (k = ${k.k}); the best is the first that passes strict, else the first that passes lenient, else candidate 1`,
    ),
  );
  if (best && best.i !== c.i) {
    box.append(
      el(
        'div',
        { class: 'best-candidate' },
        el('h4', null, `Best candidate: candidate ${best.pass} (${best.status})`),
        best.explanation ? el('div', { class: 'explain' }, best.explanation) : null,
        sqlPanes(best, gold),
        rowPanes(best, gold),
      ),
    );
  }
  return box;
}
