// A case run's drill-down, built as DOM nodes from the embedded data. Every text goes in
// through textContent, never as markup, so nothing a run or a suite holds can run here.

/**
 * @param {string} tag
 * @param {Record<string, string> | null} [attrs]
 * @param {Array<Node | string | null | undefined | false>} children
 * @returns {HTMLElement}
 */
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return node;
}

/** @param {unknown} v */
function cellText(v) {
  return v === null ? 'NULL' : String(v);
}

/**
 * @param {any} c the case run
 * @param {any} gold its case, or undefined
 * @param {any[]} cases every case run (a candidate's drill-down shows the best candidate's)
 * @returns {HTMLElement}
 */
// biome-ignore lint/correctness/noUnusedVariables: called by page.js, inlined in the same script
function drillDown(c, gold, cases) {
  const box = el('div', { class: 'dd' });
  if (gold) box.append(el('h4', null, 'Question'), el('p', null, gold.question));
  // What the system under test was given beside the question, as it was sent.
  if (gold?.evidence) box.append(el('h4', null, 'Evidence'), el('p', null, gold.evidence));
  if (gold?.instructions)
    box.append(el('h4', null, 'Instructions'), el('p', null, gold.instructions));
  box.append(facts(c, gold));
  const clarify = clarifyBlock(c);
  if (clarify) box.append(el('h4', null, 'Clarify or answer'), clarify);
  const candidates = candidatesBlock(c, cases, gold);
  if (candidates) box.append(el('h4', null, `Candidates (${c.candidates.k})`), candidates);
  if (c.error) {
    box.append(el('h4', null, 'Error'), el('pre', null, `${c.error.code}: ${c.error.message}`));
  }
  if (c.scores.length > 0) box.append(el('h4', null, 'Scores'), scoreList(c));
  const verdict = verdictBlock(c);
  if (verdict) box.append(el('h4', null, 'Verdict and diagnostics'), verdict);
  const trajectory = trajectoryBlock(c);
  if (trajectory) box.append(el('h4', null, 'Trajectory'), trajectory);
  if (c.retrieval) box.append(el('h4', null, 'Schema retrieval'), retrievalBlock(c.retrieval));
  if (c.retrieval && !c.sql) return box;
  box.append(el('h4', null, 'SQL: gold beside predicted'), sqlPanes(c, gold));
  if (c.expected === 'allowed' || c.result || c.rowDiff) {
    box.append(el('h4', null, 'Rows: gold beside result'), rowPanes(c, gold));
  }
  if (c.answer) box.append(el('h4', null, 'Written answer'), answerBlock(c.answer));
  if (c.findings.length > 0) {
    box.append(
      el('h4', null, 'Static check findings'),
      el(
        'ul',
        { class: 'findings' },
        ...c.findings.map(
          /** @param {any} f */ (f) =>
            el('li', null, el('b', null, `${f.level} ${f.rule}`), `: ${f.message}`),
        ),
      ),
    );
  }
  return box;
}

/** @param {any} r what the retriever sent and missed */
function retrievalBlock(r) {
  /** @param {number | null} v */
  const pct = (v) => (v === null ? '-' : `${(v * 100).toFixed(1)}%`);
  /** @param {string[]} names */
  const names = (names) => (names.length === 0 ? 'none' : names.join(', '));
  return el(
    'ul',
    { class: 'retrieval' },
    el(
      'li',
      null,
      el('b', null, 'table recall '),
      pct(r.tableRecall),
      el('b', null, ', column recall '),
      pct(r.columnRecall),
    ),
    el(
      'li',
      { class: r.missedTables.length ? 'missed' : '' },
      el('b', null, 'tables missed: '),
      names(r.missedTables),
    ),
    el(
      'li',
      { class: r.missedColumns.length ? 'missed' : '' },
      el('b', null, 'columns missed: '),
      names(r.missedColumns),
    ),
    el('li', null, el('b', null, `tables sent (${r.tablesSent.length}): `), names(r.tablesSent)),
    el(
      'li',
      { class: 'muted' },
      el('b', null, `columns sent (${r.columnsSent.length}): `),
      names(r.columnsSent),
    ),
  );
}

/** @param {any} c @param {any} gold */
function facts(c, gold) {
  /** @type {Array<[string, string]>} */
  const items = [
    ['case', c.id],
    ['config', c.config],
    ['role', c.role || '-'],
    [c.candidates ? 'candidate' : 'pass', String(c.pass)],
    ['strict', c.status],
    ['lenient', c.lenient],
    ['outcome', `${c.expected || '-'} expected, engine ${c.engineStatus || 'gave no reply'}`],
  ];
  if (c.generated) items.push(['generated path', c.generated]);
  if (c.curated) items.push(['curated', 'answered by a verified query']);
  if (gold) {
    items.push(['tags', gold.tags.join(', ') || '-']);
    items.push(['difficulty', gold.difficulty || '-']);
    items.push(['order matters', gold.orderMatters ? 'yes' : 'no']);
    if (gold.asOfDate) items.push(['as of', gold.asOfDate]);
  }
  items.push(['cost', c.costUsd === null ? '-' : `$${c.costUsd.toFixed(4)}`]);
  // Since the runner times the harness apart, latency_ms is the engine's own.
  const latency = c.latencyMs === null ? '-' : `${c.latencyMs} ms`;
  if (c.harnessMs === null) items.push(['latency', latency]);
  else items.push(['engine latency', latency], ['harness', `${c.harnessMs} ms`]);
  if (c.tokens) items.push(['tokens', `${c.tokens.input} in, ${c.tokens.output} out`]);
  if (c.rowCount !== null) items.push(['rows', String(c.rowCount)]);
  return el(
    'div',
    { class: 'kv' },
    ...items.map(([k, v]) => el('span', null, el('b', null, k), v)),
  );
}

/** @param {any} c */
function scoreList(c) {
  return el(
    'ul',
    { class: 'scores' },
    ...c.scores.map(
      /** @param {any} s */ (s) =>
        el(
          'li',
          null,
          el('span', { class: `badge ${s.pass ? 'pass' : 'fail'}` }, s.pass ? 'pass' : 'fail'),
          ' ',
          el('b', null, s.name),
          s.kind ? el('span', { class: 'muted' }, ` (${s.kind})`) : null,
          s.pass && !s.lenient ? ' lenient fail' : !s.pass && s.lenient ? ' (lenient pass)' : '',
          s.explanation ? `: ${s.explanation}` : '',
        ),
    ),
  );
}

/** @param {any} c @param {any} gold */
function sqlPanes(c, gold) {
  const which = c.rowDiff && c.rowDiff.gold > 0 && gold ? gold.altSql[c.rowDiff.gold - 1] : null;
  const goldSql = which || (gold ? gold.sql : null);
  const goldTitle = which ? `gold (alternative ${c.rowDiff.gold}, the one compared)` : 'gold';
  if (!goldSql || !c.sql) {
    return el(
      'div',
      { class: 'pair' },
      pane(
        goldTitle,
        el(
          'pre',
          null,
          goldSql || (gold ? 'no gold SQL: the case is unanswerable' : 'suite not given'),
        ),
      ),
      pane('predicted', el('pre', null, c.sql || 'no SQL')),
    );
  }
  const chunks = textDiff(goldSql, c.sql);
  const left = el('pre', { class: 'sql-gold' });
  const right = el('pre', { class: 'sql-predicted' });
  for (const chunk of chunks) {
    if (chunk.op === '=') {
      left.append(chunk.text);
      right.append(chunk.text);
    } else if (chunk.op === '-') left.append(el('del', null, chunk.text));
    else right.append(el('ins', null, chunk.text));
  }
  return el('div', { class: 'pair sql-diff' }, pane(goldTitle, left), pane('predicted', right));
}

/** @param {string} title @param {HTMLElement} body */
function pane(title, body) {
  return el('div', null, el('div', { class: 'pane-title' }, title), body);
}

/** @param {any} c @param {any} gold */
function rowPanes(c, gold) {
  const wrap = el('div', { class: 'row-diff' });
  const d = c.rowDiff;
  if (d) {
    const explain = el('div', { class: 'explain' }, d.explanation);
    if (d.mapping && c.result) {
      const pairs = d.mapping.map(
        /** @param {number} j @param {number} i */ (j, i) =>
          `gold ${i + 1} = ${c.result.columns[j] ?? `column ${j + 1}`}`,
      );
      explain.append(el('div', { class: 'muted' }, `lenient column match: ${pairs.join(', ')}`));
    }
    wrap.append(explain);
  }
  const goldIndex = d ? d.gold : 0;
  const goldRows = gold ? (goldIndex > 0 ? gold.altRows[goldIndex - 1] : gold.rows) : null;
  const goldTotal = gold ? (goldIndex > 0 ? gold.altRowTotals[goldIndex - 1] : gold.rowTotal) : 0;
  const width = goldRows?.[0] ? goldRows[0].length : 0;
  const goldHeads = Array.from({ length: width }, (_, i) => `gold ${i + 1}`);
  const goldTable = goldRows
    ? rowsTable(goldHeads, goldRows, goldTotal, d ? d.goldMiss : null, d ? d.orderAt : null, null)
    : el('p', { class: 'muted' }, 'suite not given');
  let resultPart;
  if (c.result) {
    const used = d?.mapping ? new Set(d.mapping) : null;
    resultPart = rowsTable(
      c.result.columns,
      c.result.rows,
      c.result.rowCount,
      d ? d.resultMiss : null,
      d ? d.orderAt : null,
      used,
    );
    if (c.result.source === 're-executed') {
      resultPart = el(
        'div',
        null,
        resultPart,
        el(
          'div',
          { class: 'muted' },
          'rows re-executed on the database; their digest matches the run\u2019s',
        ),
      );
    }
  } else {
    resultPart = el('p', { class: 'muted' }, c.resultNote || 'no rows');
  }
  wrap.append(
    el(
      'div',
      { class: 'pair' },
      pane(goldIndex > 0 ? `gold (alternative ${goldIndex})` : 'gold', goldTable),
      pane('result', resultPart),
    ),
  );
  return wrap;
}

/**
 * @param {string[]} heads
 * @param {unknown[][]} rows the rows shown (the first ones)
 * @param {number} total rows in the whole table
 * @param {{index: number, values: unknown[]} | null} miss the first unmatched row
 * @param {number | null} orderAt where the order first differs
 * @param {Set<number> | null} used result columns the lenient match used
 */
function rowsTable(heads, rows, total, miss, orderAt, used) {
  const head = el(
    'tr',
    null,
    el('th', null, '#'),
    ...heads.map((name, j) =>
      el('th', used ? { class: used.has(j) ? 'matched' : 'extra' } : null, name),
    ),
  );
  const body = el('tbody');
  /** @param {unknown[]} row @param {number} i */
  const line = (row, i) => {
    const cls = miss && miss.index === i ? 'miss' : orderAt === i ? 'order' : '';
    return el(
      'tr',
      cls
        ? { class: cls, title: cls === 'miss' ? 'first unmatched row' : 'first row out of order' }
        : null,
      el('td', { class: 'n' }, String(i + 1)),
      ...row.map((v, j) => el('td', used && !used.has(j) ? { class: 'extra' } : null, cellText(v))),
    );
  };
  for (let i = 0; i < rows.length; i++) body.append(line(rows[i], i));
  if (total > rows.length) {
    body.append(
      el(
        'tr',
        null,
        el('td', { class: 'n' }, '\u22ee'),
        el(
          'td',
          { colspan: String(Math.max(1, heads.length)), class: 'muted' },
          `${total - rows.length} more row(s)`,
        ),
      ),
    );
    if (miss && miss.index >= rows.length) body.append(line(miss.values, miss.index));
  }
  return el('table', { class: 'rows' }, el('thead', null, head), body);
}

/** @param {any} answer */
function answerBlock(answer) {
  const box = el('div', { class: 'answer' });
  for (const part of answer.parts) {
    const pre = el('pre', null);
    let at = 0;
    for (const mark of part.marks) {
      pre.append(part.text.slice(at, mark.start));
      pre.append(
        el(
          'mark',
          { class: mark.kind, title: `unsupported ${mark.kind}: not in the rows or the question` },
          part.text.slice(mark.start, mark.end),
        ),
      );
      at = mark.end;
    }
    pre.append(part.text.slice(at));
    box.append(pane(part.label, pre));
  }
  const flagged = answer.parts.reduce(
    /** @param {number} n @param {any} p */ (n, p) => n + p.marks.length,
    0,
  );
  box.append(
    el(
      'div',
      { class: 'muted' },
      answer.checked === null
        ? 'not checked for faithfulness'
        : `${answer.checked} number(s) and name(s) checked, ${flagged} unsupported marked`,
    ),
  );
  return box;
}
