// The case table's filters and search: what each case run is matched on, computed once,
// and one predicate. A plain browser script; tests load it with node:vm.

/**
 * @typedef {Object} Criteria
 * @property {string} status '' (any), 'pass', 'fail', 'error' or 'not pass'
 * @property {string} config
 * @property {string} role
 * @property {string} scorer a scorer that must have failed, or ''
 * @property {string} tag
 * @property {string} difficulty
 * @property {string} [tier] the verdict tier that decided it
 * @property {string} [process] a trajectory mark: 'trajectory', 'unsafe step', 'saw an error', 'recovered'
 * @property {string} [clarify] a clarify verdict
 * @property {string} text words that must all occur (case-insensitive)
 */

/**
 * @typedef {Object} CaseKey
 * @property {string} status
 * @property {string} config
 * @property {string} role
 * @property {string[]} failed
 * @property {string[]} tags
 * @property {string} difficulty
 * @property {string} tier
 * @property {string[]} process
 * @property {string} clarify
 * @property {string} text the searchable text, lower-cased
 */

/**
 * What a case run is filtered on: its own fields and its case's (question, tags,
 * difficulty, gold SQL).
 * @param {any} c a case run of the embedded data
 * @param {any} gold its case in the gold table, or undefined
 * @returns {CaseKey}
 */
// biome-ignore lint/correctness/noUnusedVariables: called by page.js, inlined in the same script
function caseKey(c, gold) {
  const words = [
    c.id,
    c.role || '',
    c.config,
    c.expected || '',
    c.engineStatus || '',
    c.error ? `${c.error.code} ${c.error.message}` : '',
    c.sql || '',
    c.explanation || '',
    c.failed.join(' '),
    gold ? gold.question : '',
    gold?.sql ? gold.sql : '',
  ];
  if (c.answer) for (const part of c.answer.parts) words.push(part.text);
  const t = c.trajectory;
  if (t) {
    for (const s of t.steps) {
      words.push(s.sql || '', s.call || '', s.target || '', s.message || '', s.error || '');
    }
  }
  if (c.clarify?.question) words.push(c.clarify.question);
  /** @type {string[]} */
  const process = [];
  if (t) {
    process.push('trajectory');
    if (c.unsafeStep !== null) process.push('unsafe step');
    if (t.errors > 0) process.push('saw an error');
    if (t.recovered) process.push('recovered');
  }
  return {
    status: c.status,
    config: c.config,
    role: c.role || '',
    failed: c.failed,
    tags: gold ? gold.tags : [],
    difficulty: gold?.difficulty ? gold.difficulty : '',
    tier: c.tier || '',
    process,
    clarify: c.clarify ? c.clarify.verdict : '',
    text: words.join('\n').toLowerCase(),
  };
}

/**
 * @param {Criteria} criteria
 * @returns {(key: CaseKey) => boolean}
 */
// biome-ignore lint/correctness/noUnusedVariables: called by page.js, inlined in the same script
function caseMatcher(criteria) {
  const terms = criteria.text.toLowerCase().split(/\s+/).filter(Boolean);
  return (key) => {
    if (
      criteria.status === 'not pass'
        ? key.status === 'pass'
        : criteria.status && key.status !== criteria.status
    )
      return false;
    if (criteria.config && key.config !== criteria.config) return false;
    if (criteria.role && key.role !== criteria.role) return false;
    if (criteria.scorer && !key.failed.includes(criteria.scorer)) return false;
    if (criteria.tag && !key.tags.includes(criteria.tag)) return false;
    if (criteria.difficulty && key.difficulty !== criteria.difficulty) return false;
    if (criteria.tier && key.tier !== criteria.tier) return false;
    if (criteria.process && !key.process.includes(criteria.process)) return false;
    if (criteria.clarify && key.clarify !== criteria.clarify) return false;
    for (const term of terms) if (!key.text.includes(term)) return false;
    return true;
  };
}
