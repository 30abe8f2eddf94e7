// The shop's rows, drawn from one seeded stream. Kept in memory as well as written, so the
// case generator can ask about values that exist (a customer's country, a product's name).

import { SeededRandom } from './seeded-random.js';
import { SHOP_TABLES, tableDef } from './shop-schema.js';
import {
  CATEGORIES,
  FIRST_NAMES,
  LAST_NAMES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PLACES,
  PRODUCT_ADJECTIVES,
  PRODUCT_NOUNS,
  REGIONS,
  REVIEW_TITLES,
  SEGMENTS,
  SUPPLIER_SUFFIXES,
  SUPPLIER_WORDS,
  TITLES,
} from './shop-vocabulary.js';

export type Value = number | string | null;
/** One row: column name -> value, in the table's column order. */
export type ShopRow = Record<string, Value>;
/** Table name -> rows, in primary-key order. */
export type ShopData = Readonly<Record<string, readonly ShopRow[]>>;

/** The first and last day anything happens in the shop. */
export const FIRST_DAY = '2019-01-01';
export const LAST_DAY = '2024-12-31';
const DAY_MS = 86_400_000;
const firstMs = Date.parse(`${FIRST_DAY}T00:00:00Z`);
const days = (Date.parse(`${LAST_DAY}T00:00:00Z`) - firstMs) / DAY_MS;

const isoDay = (day: number): string => new Date(firstMs + day * DAY_MS).toISOString().slice(0, 10);
const pad = (n: number): string => String(n).padStart(2, '0');

class Draw {
  constructor(readonly random: SeededRandom) {}

  /** A day index in [from, days], for a date of the shop's life. */
  day(from = 0): number {
    return this.random.int(Math.min(from, days), days);
  }

  timestamp(day: number): string {
    const r = this.random;
    return `${isoDay(day)} ${pad(r.int(7, 22))}:${pad(r.int(0, 59))}:${pad(r.int(0, 59))}`;
  }

  name(): [string, string] {
    return [this.random.pick(FIRST_NAMES), this.random.pick(LAST_NAMES)];
  }
}

function regions(): ShopRow[] {
  return REGIONS.map((name, i) => ({ region_id: i + 1, name }));
}

function categories(): ShopRow[] {
  const rows: ShopRow[] = [];
  for (const [top] of CATEGORIES)
    rows.push({ category_id: rows.length + 1, name: top, parent_id: null });
  CATEGORIES.forEach(([, subs], parent) => {
    for (const name of subs)
      rows.push({ category_id: rows.length + 1, name, parent_id: parent + 1 });
  });
  return rows;
}

function suppliers(d: Draw): ShopRow[] {
  const r = d.random;
  const names = new Set<string>();
  const rows: ShopRow[] = [];
  while (rows.length < tableDef('suppliers').rows) {
    const name = `${r.pick(SUPPLIER_WORDS)} ${r.pick(SUPPLIER_SUFFIXES)}`;
    const unique = names.has(name) ? `${name} ${rows.length + 1}` : name;
    names.add(unique);
    rows.push({
      supplier_id: rows.length + 1,
      name: unique,
      country: r.pick(PLACES)[0],
      rating: r.percent(15) ? null : r.decimal(1, 5, 1),
      since: isoDay(d.day()),
    });
  }
  return rows;
}

function products(d: Draw, categoryRows: readonly ShopRow[]): ShopRow[] {
  const r = d.random;
  const subs = categoryRows.filter((c) => c.parent_id !== null);
  const topName = (c: ShopRow) => categoryRows[(c.parent_id as number) - 1]?.name as string;
  const rows: ShopRow[] = [];
  for (let i = 1; i <= tableDef('products').rows; i++) {
    const category = r.pick(subs);
    const noun = r.pick(PRODUCT_NOUNS[topName(category)] ?? ['Item']);
    // Prices cluster low with a long tail, as shop catalogues do.
    const price = r.percent(80) ? r.decimal(2, 80, 2) : r.decimal(80, 1500, 2);
    rows.push({
      product_id: i,
      name: `${r.pick(PRODUCT_ADJECTIVES)} ${noun} ${i}`,
      category_id: category.category_id as number,
      supplier_id: r.int(1, tableDef('suppliers').rows),
      unit_price: price,
      weight_kg: r.percent(20) ? null : r.decimal(0.05, 25, 3),
      launched_on: isoDay(d.day()),
      discontinued: r.percent(12) ? 1 : 0,
    });
  }
  return rows;
}

function customers(d: Draw): ShopRow[] {
  const r = d.random;
  const rows: ShopRow[] = [];
  for (let i = 1; i <= tableDef('customers').rows; i++) {
    const [first, last] = d.name();
    const [country, cities] = r.pick(PLACES);
    rows.push({
      customer_id: i,
      first_name: first,
      last_name: last,
      email: r.percent(18)
        ? null
        : `${first}.${last}.${i}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      city: r.pick(cities),
      country,
      segment: SEGMENTS[r.weighted([70, 25, 5])] as string,
      signed_up_on: isoDay(d.day()),
      credit_limit: r.percent(40) ? null : r.int(5, 100) * 100,
    });
  }
  return rows;
}

function employees(d: Draw): ShopRow[] {
  const r = d.random;
  const rows: ShopRow[] = [];
  for (let i = 1; i <= tableDef('employees').rows; i++) {
    const [first, last] = d.name();
    // The first few are directors; everyone else reports to someone hired before them.
    const director = i <= 4;
    rows.push({
      employee_id: i,
      first_name: first,
      last_name: last,
      title: director ? 'Sales Director' : r.pick(TITLES.slice(0, -1)),
      region_id: r.int(1, REGIONS.length),
      manager_id: director ? null : r.int(1, Math.min(i - 1, 30)),
      hired_on: isoDay(d.day()),
      salary: r.int(300, 1500) * 100,
    });
  }
  return rows;
}

interface Trade {
  orders: ShopRow[];
  lines: ShopRow[];
  payments: ShopRow[];
}

function trade(d: Draw, productRows: readonly ShopRow[], customerRows: readonly ShopRow[]): Trade {
  const r = d.random;
  const orders: ShopRow[] = [];
  const lines: ShopRow[] = [];
  const payments: ShopRow[] = [];
  const orderCount = tableDef('orders').rows;
  for (let id = 1; id <= orderCount; id++) {
    const customer = r.pick(customerRows);
    // Orders come in order of time, busier in later years.
    const day = Math.min(days, Math.floor((days * Math.sqrt(id / orderCount) + r.int(0, 20)) | 0));
    const status = ORDER_STATUSES[r.weighted([6, 8, 10, 62, 8, 6])] as string;
    const shipped =
      status === 'shipped' || status === 'delivered' || status === 'returned'
        ? isoDay(Math.min(days, day + r.int(1, 9)))
        : null;
    orders.push({
      order_id: id,
      customer_id: customer.customer_id as number,
      employee_id: r.percent(10) ? null : r.int(1, tableDef('employees').rows),
      ordered_at: d.timestamp(day),
      status,
      shipped_on: shipped,
      ship_country: r.percent(95) ? (customer.country as string) : r.pick(PLACES)[0],
    });
    let total = 0;
    const lineCount = r.weighted([0, 30, 25, 20, 15, 10]);
    for (let n = 1; n <= lineCount; n++) {
      const product = r.pick(productRows);
      const quantity = r.percent(85) ? r.int(1, 3) : r.int(4, 40);
      const discount = [0, 0, 0, 0.05, 0.1, 0.15, 0.2][r.int(0, 6)] as number;
      const price = product.unit_price as number;
      lines.push({
        order_id: id,
        line_no: n,
        product_id: product.product_id as number,
        quantity,
        unit_price: price,
        discount,
      });
      total += Math.round(quantity * price * (1 - discount) * 100);
    }
    if (status !== 'placed' && status !== 'cancelled') {
      // Most orders are paid at once; some in two parts.
      const split = r.percent(10) ? r.int(20, 80) : 100;
      const first = Math.round((total * split) / 100);
      const paidOn = isoDay(Math.min(days, day + r.int(0, 3)));
      const method = PAYMENT_METHODS[r.weighted([70, 20, 5, 5])] as string;
      payments.push({
        payment_id: payments.length + 1,
        order_id: id,
        paid_on: paidOn,
        amount: first / 100,
        method,
      });
      if (split < 100)
        payments.push({
          payment_id: payments.length + 1,
          order_id: id,
          paid_on: isoDay(Math.min(days, day + r.int(10, 40))),
          amount: (total - first) / 100,
          method,
        });
    }
  }
  return { orders, lines, payments };
}

function reviews(d: Draw, productRows: readonly ShopRow[], customerRows: readonly ShopRow[]) {
  const r = d.random;
  const rows: ShopRow[] = [];
  for (let i = 1; i <= tableDef('reviews').rows; i++) {
    // A fifth of the catalogue draws most reviews.
    const product = r.percent(70)
      ? (productRows[r.int(0, Math.floor(productRows.length / 5))] as ShopRow)
      : r.pick(productRows);
    rows.push({
      review_id: i,
      product_id: product.product_id as number,
      customer_id: r.pick(customerRows).customer_id as number,
      stars: [1, 2, 3, 4, 4, 5, 5, 5][r.int(0, 7)] as number,
      reviewed_on: isoDay(d.day()),
      title: r.percent(30) ? null : r.pick(REVIEW_TITLES),
    });
  }
  return rows;
}

/** Every table's rows for `seed`. The same seed gives the same rows. */
export function generateShopData(seed: number): ShopData {
  const d = new Draw(new SeededRandom(seed, 'shop data'));
  const categoryRows = categories();
  const supplierRows = suppliers(d);
  const productRows = products(d, categoryRows);
  const customerRows = customers(d);
  const employeeRows = employees(d);
  const { orders, lines, payments } = trade(d, productRows, customerRows);
  const data: Record<string, readonly ShopRow[]> = {
    regions: regions(),
    categories: categoryRows,
    suppliers: supplierRows,
    products: productRows,
    customers: customerRows,
    employees: employeeRows,
    orders,
    order_lines: lines,
    payments,
    reviews: reviews(d, productRows, customerRows),
  };
  for (const table of SHOP_TABLES)
    if (!data[table.name]) throw new Error(`no rows generated for ${table.name}`);
  return data;
}
