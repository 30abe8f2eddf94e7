import type { CellValue } from '@nl2sql/datasource';
import { CELL_TYPES } from './postgres-cells.js';

/** The part of pg's Connection a submittable query writes to. */
interface WireConnection {
  parse(message: { text: string; name?: string; types?: number[] }): void;
  bind(message: { portal?: string; statement?: string; values?: unknown[] }): void;
  describe(message: { type: 'P' | 'S'; name?: string }): void;
  execute(message: { portal?: string; rows?: number }): void;
  sync(): void;
  sendCopyFail(message: string): void;
  stream: { cork?: () => void; uncork?: () => void };
}

interface Field {
  name: string;
  dataTypeID: number;
}

export interface CappedRows {
  columns: string[];
  rows: CellValue[][];
  /** The server stopped at the row limit (PortalSuspended): more rows were there. */
  suspended: boolean;
  /**
   * The query's statement completed, but a statement after it (the epilogue) failed or never
   * ran: the session may still be in the query's transaction. Reset or close it.
   */
  epilogueFailed: boolean;
}

/** Which of the round trip's statements an error came from. */
export type FailedPart = 'prologue' | 'query' | 'epilogue';

/** A server error, with the part of the round trip it came from. */
export class PartError extends Error {
  constructor(
    readonly part: FailedPart,
    readonly error: unknown,
  ) {
    super(error instanceof Error ? error.message : String(error));
  }
}

/**
 * One statement over the extended protocol in one round trip: Parse, Bind, Describe, Execute
 * with a row limit, written together with the `prologue` statements (Parse, Bind, Execute
 * each) before it, the `epilogue` ones after it, and Sync. The server runs the portal until it
 * has sent `rowLimit` rows (0: all of them) and suspends it; the next statement's Bind (or
 * Sync) closes the portal, so a result of any size costs the server `rowLimit` rows. The
 * extended protocol also makes the server refuse a second statement in the text. After an
 * error the server skips every message up to Sync: the statements left are not run.
 *
 * A pg "submittable": `client.query(new CappedQuery(...))` queues it like any query, and the
 * client calls the handlers below as the server answers.
 */
export class CappedQuery {
  /** Settles once the server is ready for the next query, or the connection failed. */
  readonly done: Promise<CappedRows>;
  private resolve!: (rows: CappedRows) => void;
  private reject!: (error: unknown) => void;
  private fields: Field[] = [];
  private parsers: ((text: string) => CellValue)[] = [];
  private readonly rows: CellValue[][] = [];
  private suspended = false;
  private error: unknown;
  private errorPart: FailedPart | undefined;
  private settled = false;
  /** Statements of the round trip that have ended (each Execute ends exactly once). */
  private ended = 0;

  constructor(
    readonly text: string,
    private readonly rowLimit: number,
    private readonly prologue: readonly string[] = [],
    private readonly epilogue: readonly string[] = [],
  ) {
    this.done = new Promise<CappedRows>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  submit(connection: WireConnection): void {
    connection.stream.cork?.();
    const plain = (text: string) => {
      connection.parse({ text, name: '', types: [] });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.execute({ portal: '', rows: 0 });
    };
    try {
      for (const text of this.prologue) plain(text);
      connection.parse({ text: this.text, name: '', types: [] });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '', rows: this.rowLimit });
      for (const text of this.epilogue) plain(text);
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
  }

  /** The part the next Execute to end belongs to. */
  private part(): FailedPart {
    if (this.ended < this.prologue.length) return 'prologue';
    return this.ended === this.prologue.length ? 'query' : 'epilogue';
  }

  handleRowDescription(message: { fields: Field[] }): void {
    this.fields = message.fields;
    this.parsers = message.fields.map((f) => CELL_TYPES.getTypeParser(f.dataTypeID, 'text'));
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.part() !== 'query') return; // the epilogue's unlock returns a row too
    const cells = message.fields;
    const row = new Array<CellValue>(cells.length);
    for (let i = 0; i < cells.length; i += 1) {
      const text = cells[i];
      row[i] = text === null || text === undefined ? null : this.parsers[i]!(text);
    }
    this.rows.push(row);
  }

  handlePortalSuspended(): void {
    if (this.part() === 'query') this.suspended = true;
    this.ended += 1;
  }

  handleCommandComplete(): void {
    this.ended += 1;
  }

  handleEmptyQuery(): void {
    this.ended += 1;
  }

  /**
   * An ErrorResponse is followed by ReadyForQuery (Sync was sent), but a lost connection is
   * not: settle now either way. The client holds the next query until ReadyForQuery comes.
   */
  handleError(error: unknown): void {
    if (this.error === undefined) {
      this.error = error;
      this.errorPart = this.part();
    }
    this.settle();
  }

  handleReadyForQuery(): void {
    this.settle();
  }

  /** COPY FROM STDIN cannot pass the gate; should one arrive, refuse to feed it. */
  handleCopyInResponse(connection: WireConnection): void {
    connection.sendCopyFail('the adapter sends no COPY data');
  }

  handleCopyData(): void {}

  private settle(): void {
    if (this.settled) return;
    this.settled = true;
    const total = this.prologue.length + 1 + this.epilogue.length;
    if (this.error !== undefined && this.errorPart !== 'epilogue') {
      this.reject(new PartError(this.errorPart!, this.error));
      return;
    }
    this.resolve({
      columns: this.fields.map((f) => f.name),
      rows: this.rows,
      suspended: this.suspended,
      epilogueFailed: this.error !== undefined || this.ended < total,
    });
  }
}
