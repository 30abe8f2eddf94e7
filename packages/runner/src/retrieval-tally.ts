import type { RetrievalMetrics } from '@nl2sql/records';
import type { CaseResult } from './case-result.js';
import { OrderedSum } from './ordered-sum.js';
import { rate } from './record-rate.js';

/**
 * A retrieval board, counted as case runs finish (BoardTally's half for mode retrieval):
 * recall and precision of what the schema retriever sent, the amount sent, routing, and
 * spec 003's selection figures where the scorer had the schema. Sums in task order.
 */
export class RetrievalTally {
  #scored = 0;
  readonly #tableRecall = new OrderedSum();
  readonly #columnRecall = new OrderedSum();
  // Precision (001 §8): only case runs whose records carry it (absent in older journals).
  #precise = 0;
  readonly #tablePrecision = new OrderedSum();
  readonly #columnPrecision = new OrderedSum();
  #perfectTables = 0;
  #perfectColumns = 0;
  #tablesSent = 0;
  #columnsSent = 0;
  #routed = 0;
  #routedPass = 0;
  // Spec 003's selection figures, where the scorer had the schema.
  #selected = 0;
  readonly #relationshipsRecall = new OrderedSum();
  readonly #elementRecall = new OrderedSum();
  #complete = 0;
  #referenced = 0;
  #referenceMatched = 0;
  #stated = 0;
  #statedAsExpected = 0;

  add(r: CaseResult, order: number): void {
    const detail = r.scores.retrieval_recall?.detail as Record<string, unknown> | undefined;
    if (detail !== undefined) {
      this.#scored++;
      this.#tableRecall.add(order, detail.table_recall as number);
      this.#columnRecall.add(order, detail.column_recall as number);
      if (typeof detail.table_precision === 'number') {
        this.#precise++;
        this.#tablePrecision.add(order, detail.table_precision);
        this.#columnPrecision.add(order, detail.column_precision as number);
      }
      if ((detail.missed_tables as unknown[]).length === 0) this.#perfectTables++;
      if ((detail.missed_columns as unknown[]).length === 0) this.#perfectColumns++;
      this.#tablesSent += (detail.tables_sent as unknown[]).length;
      this.#columnsSent += (detail.columns_sent as unknown[]).length;
      if (typeof detail.element_recall === 'number') this.#addSelection(detail, order);
    }
    const routing = r.scores.routing;
    if (routing !== undefined) {
      this.#routed++;
      if (routing.pass) this.#routedPass++;
    }
  }

  #addSelection(detail: Record<string, unknown>, order: number): void {
    this.#selected++;
    this.#relationshipsRecall.add(order, detail.relationships_recall as number);
    this.#elementRecall.add(order, detail.element_recall as number);
    if (detail.complete === true) this.#complete++;
    const reference = detail.reference_query as { status?: string } | undefined;
    if (reference) {
      this.#referenced++;
      if (reference.status === 'matched') this.#referenceMatched++;
    }
    if (typeof detail.status_as_expected === 'boolean') {
      this.#stated++;
      if (detail.status_as_expected) this.#statedAsExpected++;
    }
  }

  metrics(): RetrievalMetrics {
    const scored = this.#scored;
    const selected = this.#selected;
    const precise = this.#precise;
    const mean = (total: number) => (scored === 0 ? 0 : total / scored);
    return {
      retrieval: {
        cases: scored,
        table_recall: mean(this.#tableRecall.total()),
        column_recall: mean(this.#columnRecall.total()),
        ...(precise === 0
          ? {}
          : {
              table_precision: this.#tablePrecision.total() / precise,
              column_precision: this.#columnPrecision.total() / precise,
            }),
        all_tables_hit: rate(this.#perfectTables, scored),
        perfect_tables: this.#perfectTables,
        perfect_columns: this.#perfectColumns,
        tables_sent: mean(this.#tablesSent),
        columns_sent: mean(this.#columnsSent),
        routing: this.#routed === 0 ? null : rate(this.#routedPass, this.#routed),
        relationships_recall: selected === 0 ? null : this.#relationshipsRecall.total() / selected,
        element_recall: selected === 0 ? null : this.#elementRecall.total() / selected,
        complete: selected === 0 ? null : rate(this.#complete, selected),
        reference_matches:
          this.#referenced === 0 ? null : rate(this.#referenceMatched, this.#referenced),
        boundary_as_expected:
          this.#stated === 0 ? null : rate(this.#statedAsExpected, this.#stated),
      },
    };
  }
}
