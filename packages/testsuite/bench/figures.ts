// Prints a built suite's figures: mutants, how many differ semantically, the share the
// distilled suite kills, its size, and the mutants that survive (to check by hand).
import type { BuiltTestSuite } from '../src/index.js';

export function printFigures(built: BuiltTestSuite, seconds: number): void {
  const { summary, databases, surviving, escaped, discarded, failedCandidates } = built.manifest;
  const pct = (n: number, d: number) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);
  console.log(`golds: ${summary.golds}`);
  console.log(
    `mutants: ${summary.mutants} generated, ${summary.discarded} discarded, ${summary.valid} valid`,
  );
  console.log(`killed by the original alone (EX): ${summary.killedByOriginal}`);
  console.log(
    `differ semantically (killed by some database of the pool): ${summary.differing} of ${summary.valid}`,
  );
  console.log(
    `killed by the distilled suite: ${summary.killedBySuite} of ${summary.differing} (${pct(summary.killedBySuite, summary.differing)})`,
  );
  console.log(
    `suite size: ${summary.suiteSize} databases (the original + ${summary.suiteSize - 1} variants of ${built.manifest.candidates} candidates, cap ${built.manifest.maxVariants})`,
  );
  console.log(`time: ${seconds.toFixed(1)} s`);
  console.log('\nper database (mutants newly killed):');
  for (const db of databases) {
    const rows = db.rows ? Object.values(db.rows).reduce((a, b) => a + b, 0) : undefined;
    console.log(
      `  ${db.id.padEnd(12)} +${String(db.gain).padStart(3)}${rows !== undefined ? `  ${rows} rows` : ''}${db.excluded.length > 0 ? `  (does not judge ${db.excluded.map((e) => e.gold).join(', ')})` : ''}`,
    );
  }
  console.log('\nper operator (valid / differing / killed):');
  for (const [op, f] of Object.entries(summary.byOperator)) {
    if (f.valid > 0) console.log(`  ${op.padEnd(22)} ${f.valid} / ${f.differing} / ${f.killed}`);
  }
  const list = (title: string, items: typeof surviving) => {
    if (items.length === 0) return;
    console.log(`\n${title} (${items.length}):`);
    for (const m of items)
      console.log(
        `  ${m.id.padEnd(16)} ${m.operator.padEnd(20)} ${m.description}${m.reason ? `  [${m.reason}]` : ''}`,
      );
  };
  list(
    'surviving mutants: equal to the gold on every database of the pool; check they are equivalent',
    surviving,
  );
  list('escaped mutants: differ, but not on the distilled suite', escaped);
  list('discarded mutants', discarded);
  for (const f of failedCandidates) console.log(`candidate ${f.index} failed: ${f.reason}`);
}
