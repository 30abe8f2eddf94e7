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
  return {
    status: c.status,
    config: c.config,
    role: c.role || '',
    failed: c.failed,
    tags: gold ? gold.tags : [],
    difficulty: gold?.difficulty ? gold.difficulty : '',
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
    for (const term of terms) if (!key.text.includes(term)) return false;
    return true;
  };
}
