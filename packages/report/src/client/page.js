// The page's behaviour: reads the embedded data, shows the filter bar, filters and searches
// the case table, and opens a drill-down under a row on click or Enter. Without JavaScript
// the board, the comparisons, the case table and the history are all still there.

const dataNode = document.getElementById('report-data');
if (dataNode?.textContent) {
  /** @type {any} */
  const data = JSON.parse(dataNode.textContent);
  const table = /** @type {HTMLTableElement} */ (document.getElementById('case-table'));
  const form = /** @type {HTMLFormElement} */ (document.getElementById('filters'));
  const counter = /** @type {HTMLElement} */ (document.getElementById('f-count'));
  /** @type {HTMLTableRowElement[]} */
  const rows = Array.from(table.tBodies[0].rows);
  const keys = data.cases.map(
    /** @param {any} c */ (c) => caseKey(c, c.gold === null ? undefined : data.gold[c.gold]),
  );
  /** @type {Map<number, HTMLTableRowElement>} */
  const open = new Map();
  /** @param {string} id */
  const value = (id) => {
    const input = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (
      document.getElementById(id)
    );
    return input ? input.value : '';
  };

  // Laying out thousands of table rows takes a browser far longer than matching them, so
  // with the script on the table shows only the first PAGE_ROWS matches and a button adds
  // more. Rows stay in place and are hidden (moving them costs more than hiding them).
  // Without JavaScript every row shows.
  const PAGE_ROWS = 100;
  let limit = PAGE_ROWS;
  const more = /** @type {HTMLButtonElement} */ (document.getElementById('f-more'));

  const apply = () => {
    const started = performance.now();
    const matches = caseMatcher({
      status: value('f-status'),
      config: value('f-config'),
      role: value('f-role'),
      scorer: value('f-scorer'),
      tag: value('f-tag'),
      difficulty: value('f-difficulty'),
      tier: value('f-tier'),
      process: value('f-process'),
      clarify: value('f-clarify'),
      text: value('f-text'),
    });
    let matched = 0;
    let placed = 0;
    for (let i = 0; i < rows.length; i++) {
      const hit = matches(keys[i]);
      if (hit) matched++;
      const hide = !hit || placed >= limit;
      if (!hide) placed++;
      const row = rows[i];
      if (row.hidden !== hide) row.hidden = hide;
      const detail = open.get(i);
      if (detail && detail.hidden !== hide) detail.hidden = hide;
    }
    counter.dataset.matched = String(matched);
    counter.textContent =
      `${matched} of ${rows.length} case runs match` +
      (placed < matched ? `, showing the first ${placed}` : '');
    more.hidden = placed >= matched;
    more.textContent = `show ${Math.min(PAGE_ROWS, matched - placed)} more`;
    document.body.dataset.filterMs = (performance.now() - started).toFixed(2);
  };
  const refilter = () => {
    limit = PAGE_ROWS;
    apply();
  };

  /** @param {HTMLTableRowElement} row */
  const toggle = (row) => {
    const i = Number(row.dataset.i);
    const existing = open.get(i);
    if (existing) {
      existing.remove();
      open.delete(i);
      row.classList.remove('open');
      return;
    }
    const c = data.cases[i];
    const cell = document.createElement('td');
    cell.colSpan = row.cells.length;
    cell.append(drillDown(c, c.gold === null ? undefined : data.gold[c.gold], data.cases));
    const detail = document.createElement('tr');
    detail.className = 'detail';
    detail.dataset.for = String(i);
    detail.append(cell);
    row.after(detail);
    open.set(i, detail);
    row.classList.add('open');
  };

  table.addEventListener('click', (event) => {
    const target = /** @type {Element} */ (event.target);
    const row = target.closest('tr.run');
    if (row) toggle(/** @type {HTMLTableRowElement} */ (row));
  });
  table.addEventListener('keydown', (event) => {
    const target = /** @type {Element} */ (event.target);
    if (event.key === 'Enter' && target.matches('tr.run'))
      toggle(/** @type {HTMLTableRowElement} */ (target));
  });
  form.addEventListener('input', refilter);
  form.addEventListener('change', refilter);
  more.addEventListener('click', () => {
    limit += PAGE_ROWS;
    apply();
  });
  form.addEventListener('submit', (event) => event.preventDefault());
  form.hidden = false;
  apply();
}
