// The synthetic database: a shop with ten related tables and the types real schemas mix
// (integers, text, two-decimal amounts, dates and timestamps as ISO text, flags, NULLs),
// foreign keys including a self-reference in two tables, and one composite primary key.
// Row counts are fixed (about 170,000 rows in all) so that it builds in seconds and every
// seed gives a database of the same shape.

export type SqlType = 'INTEGER' | 'TEXT' | 'REAL';

export interface ColumnDef {
  name: string;
  type: SqlType;
  /** NOT NULL (primary keys are implicitly). */
  required?: boolean;
  /** The table and column this one refers to. */
  references?: readonly [table: string, column: string];
}

export interface TableDef {
  name: string;
  columns: readonly ColumnDef[];
  /** The primary key's columns; one INTEGER column is SQLite's rowid. */
  primaryKey: readonly string[];
  /** Rows generated (order lines and payments: about this many, from the orders). */
  rows: number;
}

const id = (name: string): ColumnDef => ({ name, type: 'INTEGER', required: true });
const text = (name: string, required = true): ColumnDef => ({ name, type: 'TEXT', required });
const real = (name: string, required = true): ColumnDef => ({ name, type: 'REAL', required });
const int = (name: string, required = true): ColumnDef => ({ name, type: 'INTEGER', required });
const ref = (name: string, table: string, column: string, required = true): ColumnDef => ({
  name,
  type: 'INTEGER',
  required,
  references: [table, column],
});

export const SHOP_TABLES: readonly TableDef[] = [
  {
    name: 'regions',
    columns: [id('region_id'), text('name')],
    primaryKey: ['region_id'],
    rows: 8,
  },
  {
    name: 'categories',
    columns: [
      id('category_id'),
      text('name'),
      ref('parent_id', 'categories', 'category_id', false),
    ],
    primaryKey: ['category_id'],
    rows: 36,
  },
  {
    name: 'suppliers',
    columns: [
      id('supplier_id'),
      text('name'),
      text('country'),
      real('rating', false),
      text('since'),
    ],
    primaryKey: ['supplier_id'],
    rows: 80,
  },
  {
    name: 'products',
    columns: [
      id('product_id'),
      text('name'),
      ref('category_id', 'categories', 'category_id'),
      ref('supplier_id', 'suppliers', 'supplier_id'),
      real('unit_price'),
      real('weight_kg', false),
      text('launched_on'),
      int('discontinued'),
    ],
    primaryKey: ['product_id'],
    rows: 2400,
  },
  {
    name: 'customers',
    columns: [
      id('customer_id'),
      text('first_name'),
      text('last_name'),
      text('email', false),
      text('city'),
      text('country'),
      text('segment'),
      text('signed_up_on'),
      real('credit_limit', false),
    ],
    primaryKey: ['customer_id'],
    rows: 5000,
  },
  {
    name: 'employees',
    columns: [
      id('employee_id'),
      text('first_name'),
      text('last_name'),
      text('title'),
      ref('region_id', 'regions', 'region_id'),
      ref('manager_id', 'employees', 'employee_id', false),
      text('hired_on'),
      real('salary'),
    ],
    primaryKey: ['employee_id'],
    rows: 150,
  },
  {
    name: 'orders',
    columns: [
      id('order_id'),
      ref('customer_id', 'customers', 'customer_id'),
      ref('employee_id', 'employees', 'employee_id', false),
      text('ordered_at'),
      text('status'),
      text('shipped_on', false),
      text('ship_country'),
    ],
    primaryKey: ['order_id'],
    rows: 30000,
  },
  {
    name: 'order_lines',
    columns: [
      ref('order_id', 'orders', 'order_id'),
      int('line_no'),
      ref('product_id', 'products', 'product_id'),
      int('quantity'),
      real('unit_price'),
      real('discount'),
    ],
    primaryKey: ['order_id', 'line_no'],
    rows: 90000,
  },
  {
    name: 'payments',
    columns: [
      id('payment_id'),
      ref('order_id', 'orders', 'order_id'),
      text('paid_on'),
      real('amount'),
      text('method'),
    ],
    primaryKey: ['payment_id'],
    rows: 28000,
  },
  {
    name: 'reviews',
    columns: [
      id('review_id'),
      ref('product_id', 'products', 'product_id'),
      ref('customer_id', 'customers', 'customer_id'),
      int('stars'),
      text('reviewed_on'),
      text('title', false),
    ],
    primaryKey: ['review_id'],
    rows: 12000,
  },
];

export function tableDef(name: string): TableDef {
  const table = SHOP_TABLES.find((t) => t.name === name);
  if (!table) throw new Error(`no table ${name} in the shop schema`);
  return table;
}

/** CREATE TABLE and CREATE INDEX statements (an index on every foreign key). */
export function shopDdl(): string[] {
  const statements: string[] = [];
  for (const table of SHOP_TABLES) {
    const single = table.primaryKey.length === 1 ? table.primaryKey[0] : undefined;
    const lines = table.columns.map((c) => {
      let line = `  ${c.name} ${c.type}`;
      if (c.name === single) line += ' PRIMARY KEY';
      else if (c.required) line += ' NOT NULL';
      if (c.references) line += ` REFERENCES ${c.references[0]} (${c.references[1]})`;
      return line;
    });
    if (single === undefined) lines.push(`  PRIMARY KEY (${table.primaryKey.join(', ')})`);
    statements.push(`CREATE TABLE ${table.name} (\n${lines.join(',\n')}\n)`);
    for (const c of table.columns)
      if (c.references && !(table.primaryKey[0] === c.name))
        statements.push(`CREATE INDEX ${table.name}_${c.name} ON ${table.name} (${c.name})`);
  }
  return statements;
}
