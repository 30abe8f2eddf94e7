// The kinds of question the synthetic suite asks, each a question template and the gold
// plan that answers it, drawn with values that exist in the shop (a real country, product,
// customer). Between them they cover the PlanModel: filters of every kind, joins (inner,
// left, self), grouping with HAVING, ordering with LIMIT and OFFSET, DISTINCT, date parts,
// rounding and arithmetic, plus questions the database cannot answer. Lists are ordered with
// a unique last key, so the gold rows never depend on how ties fall.

import type { PlanModel } from '@nl2sql/plan';
import {
  agg,
  and,
  asc,
  between,
  byAlias,
  cmp,
  col,
  datePart,
  desc,
  eq,
  isNull,
  item,
  join,
  like,
  lit,
  minus,
  round,
  times,
} from './plan-builders.js';
import type { SeededRandom } from './seeded-random.js';
import { FIRST_DAY, LAST_DAY, type ShopData, type ShopRow } from './shop-data.js';
import {
  CATEGORIES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PLACES,
  PRODUCT_NOUNS,
  SEGMENTS,
} from './shop-vocabulary.js';

/** A drawn question: with a plan when the database can answer it. */
export interface Draft {
  question: string;
  plan?: PlanModel;
  /** The question is about dates (tagged `date`). */
  date?: boolean;
  /** The question asks for an order ("most first", "newest first"): row order is compared. */
  ordered?: boolean;
}

export interface CaseTemplate {
  name: string;
  /** How often it is drawn, relative to the others. */
  weight: number;
  draw(random: SeededRandom, shop: ShopFacts): Draft;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const YEARS = [2019, 2020, 2021, 2022, 2023, 2024];

/** What the templates draw from: the shop's rows, indexed once. */
export class ShopFacts {
  readonly products: readonly ShopRow[];
  readonly customers: readonly ShopRow[];
  readonly employees: readonly ShopRow[];
  readonly topCategories: readonly string[] = CATEGORIES.map(([top]) => top);
  readonly subCategories: readonly string[] = CATEGORIES.flatMap(([, subs]) => subs);
  readonly countries: readonly string[] = PLACES.map(([country]) => country);
  readonly nouns: readonly string[] = [...new Set(Object.values(PRODUCT_NOUNS).flat())];

  constructor(data: ShopData) {
    this.products = data.products ?? [];
    this.customers = data.customers ?? [];
    this.employees = data.employees ?? [];
  }
}

const label = (v: unknown): string => String(v);
const year = (r: SeededRandom): number => r.pick(YEARS);

/** The label of a table in a question. */
const TABLE_WORDS: ReadonlyArray<readonly [string, string]> = [
  ['regions', 'sales regions'],
  ['categories', 'product categories'],
  ['suppliers', 'suppliers'],
  ['products', 'products'],
  ['customers', 'customers'],
  ['employees', 'employees'],
  ['orders', 'orders'],
  ['order_lines', 'order lines'],
  ['payments', 'payments'],
  ['reviews', 'product reviews'],
];

export const CASE_TEMPLATES: readonly CaseTemplate[] = [
  {
    name: 'count a table',
    weight: 3,
    draw(r) {
      const [table, words] = r.pick(TABLE_WORDS);
      return {
        question: `How many ${words} are there?`,
        plan: { select: [item(agg('count'), 'total')], from: { table } },
      };
    },
  },
  {
    name: 'customers in a country',
    weight: 8,
    draw(r, shop) {
      const country = r.pick(shop.countries);
      const segment = r.pick(SEGMENTS);
      return {
        question: `How many ${segment} customers do we have in ${country}?`,
        plan: {
          select: [item(agg('count'), 'customers')],
          from: { table: 'customers', alias: 'c' },
          where: and(eq(col('c', 'country'), lit(country)), eq(col('c', 'segment'), lit(segment))),
        },
      };
    },
  },
  {
    name: 'customers per country',
    weight: 2,
    draw(r) {
      const segment = r.pick(SEGMENTS);
      return {
        question: `How many ${segment} customers are there in each country, most first?`,
        ordered: true,
        plan: {
          select: [item(col('c', 'country')), item(agg('count'), 'customers')],
          from: { table: 'customers', alias: 'c' },
          where: eq(col('c', 'segment'), lit(segment)),
          group_by: [col('c', 'country')],
          order_by: [byAlias('customers', 'desc'), asc(col('c', 'country'))],
        },
      };
    },
  },
  {
    name: 'most expensive products in a category',
    weight: 8,
    draw(r, shop) {
      const category = r.pick(shop.subCategories);
      const n = r.int(3, 10);
      return {
        question: `What are the ${n} most expensive products in the ${category} category?`,
        ordered: true,
        plan: {
          select: [item(col('p', 'name')), item(col('p', 'unit_price'))],
          from: { table: 'products', alias: 'p' },
          joins: [
            join('inner', 'categories', 'c', col('c', 'category_id'), col('p', 'category_id')),
          ],
          where: eq(col('c', 'name'), lit(category)),
          order_by: [desc(col('p', 'unit_price')), asc(col('p', 'product_id'))],
          limit: n,
        },
      };
    },
  },
  {
    name: 'orders by status in a year',
    weight: 4,
    draw(r) {
      const y = year(r);
      return {
        question: `How many orders of each status were placed in ${y}?`,
        date: true,
        plan: {
          select: [item(col('o', 'status')), item(agg('count'), 'orders')],
          from: { table: 'orders', alias: 'o' },
          where: eq(datePart('year', col('o', 'ordered_at')), lit(y)),
          group_by: [col('o', 'status')],
          order_by: [asc(col('o', 'status'))],
        },
      };
    },
  },
  {
    name: 'revenue by category in a year',
    weight: 1,
    draw(r) {
      const y = year(r);
      const net = times(
        times(col('ol', 'quantity'), col('ol', 'unit_price')),
        minus(lit(1), col('ol', 'discount')),
      );
      return {
        question: `What was the net revenue of each top-level category in ${y}?`,
        date: true,
        plan: {
          select: [
            item(col('top', 'name'), 'category'),
            item(round(agg('sum', net), 2), 'revenue'),
          ],
          from: { table: 'order_lines', alias: 'ol' },
          joins: [
            join('inner', 'orders', 'o', col('o', 'order_id'), col('ol', 'order_id')),
            join('inner', 'products', 'p', col('p', 'product_id'), col('ol', 'product_id')),
            join('inner', 'categories', 'sub', col('sub', 'category_id'), col('p', 'category_id')),
            join('inner', 'categories', 'top', col('top', 'category_id'), col('sub', 'parent_id')),
          ],
          where: eq(datePart('year', col('o', 'ordered_at')), lit(y)),
          group_by: [col('top', 'name')],
          order_by: [byAlias('revenue', 'desc'), asc(col('top', 'name'))],
        },
      };
    },
  },
  {
    name: 'orders in a month',
    weight: 6,
    draw(r) {
      const y = year(r);
      const m = r.int(1, 12);
      const status = r.pick(ORDER_STATUSES);
      return {
        question: `How many orders placed in ${MONTHS[m - 1]} ${y} are now ${status}?`,
        date: true,
        plan: {
          select: [item(agg('count'), 'orders')],
          from: { table: 'orders', alias: 'o' },
          where: and(
            eq(
              datePart('year_month', col('o', 'ordered_at')),
              lit(`${y}-${String(m).padStart(2, '0')}`),
            ),
            eq(col('o', 'status'), lit(status)),
          ),
        },
      };
    },
  },
  {
    name: 'customers without an email',
    weight: 4,
    draw(r, shop) {
      const country = r.pick(shop.countries);
      return {
        question: `How many customers in ${country} have no email address on file?`,
        plan: {
          select: [item(agg('count'), 'customers')],
          from: { table: 'customers', alias: 'c' },
          where: and(eq(col('c', 'country'), lit(country)), isNull(col('c', 'email'))),
        },
      };
    },
  },
  {
    name: 'products by name and price',
    weight: 6,
    draw(r, shop) {
      const noun = r.pick(shop.nouns);
      const cap = r.pick([10, 20, 30, 50, 100]);
      return {
        question: `Which products with "${noun}" in the name cost less than ${cap}? Show the first 20 by name.`,
        ordered: true,
        plan: {
          select: [item(col('p', 'name')), item(col('p', 'unit_price'))],
          from: { table: 'products', alias: 'p' },
          where: and(
            like(col('p', 'name'), `%${noun}%`),
            cmp('<', col('p', 'unit_price'), lit(cap)),
          ),
          order_by: [asc(col('p', 'name')), asc(col('p', 'product_id'))],
          limit: 20,
        },
      };
    },
  },
  {
    name: 'top customers by payments in a country',
    weight: 5,
    draw(r, shop) {
      const country = r.pick(shop.countries);
      const n = r.int(3, 8);
      return {
        question: `Which ${n} customers from ${country} have paid us the most in total?`,
        ordered: true,
        plan: {
          select: [
            item(col('c', 'first_name')),
            item(col('c', 'last_name')),
            item(round(agg('sum', col('pay', 'amount')), 2), 'paid'),
          ],
          from: { table: 'customers', alias: 'c' },
          joins: [
            join('inner', 'orders', 'o', col('o', 'customer_id'), col('c', 'customer_id')),
            join('inner', 'payments', 'pay', col('pay', 'order_id'), col('o', 'order_id')),
          ],
          where: eq(col('c', 'country'), lit(country)),
          group_by: [col('c', 'customer_id'), col('c', 'first_name'), col('c', 'last_name')],
          order_by: [byAlias('paid', 'desc'), asc(col('c', 'customer_id'))],
          limit: n,
        },
      };
    },
  },
  {
    name: "an employee's manager",
    weight: 4,
    draw(r, shop) {
      const e = r.pick(shop.employees.filter((x) => x.manager_id !== null));
      return {
        question: `Who is ${label(e.first_name)} ${label(e.last_name)}'s manager?`,
        plan: {
          select: [item(col('m', 'first_name')), item(col('m', 'last_name'))],
          from: { table: 'employees', alias: 'e' },
          joins: [join('inner', 'employees', 'm', col('m', 'employee_id'), col('e', 'manager_id'))],
          where: and(
            eq(col('e', 'first_name'), lit(e.first_name as string)),
            eq(col('e', 'last_name'), lit(e.last_name as string)),
          ),
          order_by: [asc(col('m', 'employee_id'))],
        },
      };
    },
  },
  {
    name: 'products never reviewed',
    weight: 4,
    draw(r, shop) {
      const category = r.pick(shop.subCategories);
      return {
        question: `Which products in ${category} have never been reviewed? List the first 15 alphabetically.`,
        ordered: true,
        plan: {
          select: [item(col('p', 'name'))],
          from: { table: 'products', alias: 'p' },
          joins: [
            join('inner', 'categories', 'c', col('c', 'category_id'), col('p', 'category_id')),
            join('left', 'reviews', 'r', col('r', 'product_id'), col('p', 'product_id')),
          ],
          where: and(eq(col('c', 'name'), lit(category)), isNull(col('r', 'review_id'))),
          order_by: [asc(col('p', 'name')), asc(col('p', 'product_id'))],
          limit: 15,
        },
      };
    },
  },
  {
    name: 'average stars by supplier country',
    weight: 1,
    draw(r) {
      const min = r.int(2, 4);
      return {
        question: `For each supplier country, what is the average review rating of its products, counting only reviews of ${min} stars or more?`,
        plan: {
          select: [
            item(col('s', 'country')),
            item(round(agg('avg', col('r', 'stars')), 2), 'rating'),
          ],
          from: { table: 'reviews', alias: 'r' },
          joins: [
            join('inner', 'products', 'p', col('p', 'product_id'), col('r', 'product_id')),
            join('inner', 'suppliers', 's', col('s', 'supplier_id'), col('p', 'supplier_id')),
          ],
          where: cmp('>=', col('r', 'stars'), lit(min)),
          group_by: [col('s', 'country')],
          order_by: [asc(col('s', 'country'))],
        },
      };
    },
  },
  {
    name: 'supplier countries',
    weight: 2,
    draw(r) {
      const rating = r.pick([2, 3, 4, 4.5]);
      return {
        question: `Which countries have suppliers rated at least ${rating}?`,
        plan: {
          select: [item(col('s', 'country'))],
          distinct: true,
          from: { table: 'suppliers', alias: 's' },
          where: cmp('>=', col('s', 'rating'), lit(rating)),
          order_by: [asc(col('s', 'country'))],
        },
      };
    },
  },
  {
    name: 'payments in a period',
    weight: 6,
    draw(r) {
      const method = r.pick(PAYMENT_METHODS);
      const y = year(r);
      const m = r.int(1, 11);
      const from = `${y}-${String(m).padStart(2, '0')}-01`;
      const to = `${y}-${String(m + 1).padStart(2, '0')}-15`;
      return {
        question: `How many ${method} payments were made between ${from} and ${to}, and how much did they come to?`,
        date: true,
        plan: {
          select: [
            item(agg('count'), 'payments'),
            item(round(agg('sum', col('pay', 'amount')), 2), 'total'),
          ],
          from: { table: 'payments', alias: 'pay' },
          where: and(
            eq(col('pay', 'method'), lit(method)),
            between(col('pay', 'paid_on'), lit(from), lit(to)),
          ),
        },
      };
    },
  },
  {
    name: 'a page of products',
    weight: 4,
    draw(r, shop) {
      const category = r.pick(shop.subCategories);
      const page = r.int(1, 4);
      return {
        question: `In ${category}, list products ${page * 10 + 1} to ${page * 10 + 10} by price, cheapest first.`,
        ordered: true,
        plan: {
          select: [item(col('p', 'name')), item(col('p', 'unit_price'))],
          from: { table: 'products', alias: 'p' },
          joins: [
            join('inner', 'categories', 'c', col('c', 'category_id'), col('p', 'category_id')),
          ],
          where: eq(col('c', 'name'), lit(category)),
          order_by: [asc(col('p', 'unit_price')), asc(col('p', 'product_id'))],
          limit: 10,
          offset: page * 10,
        },
      };
    },
  },
  {
    name: 'regions with many employees',
    weight: 2,
    draw(r) {
      const k = r.int(12, 22);
      return {
        question: `Which sales regions have more than ${k} employees?`,
        plan: {
          select: [item(col('g', 'name')), item(agg('count'), 'employees')],
          from: { table: 'employees', alias: 'e' },
          joins: [join('inner', 'regions', 'g', col('g', 'region_id'), col('e', 'region_id'))],
          group_by: [col('g', 'name')],
          having: cmp('>', agg('count'), lit(k)),
          order_by: [asc(col('g', 'name'))],
        },
      };
    },
  },
  {
    name: 'units sold of a product',
    weight: 8,
    draw(r, shop) {
      const p = r.pick(shop.products);
      return {
        question: `How many units of ${label(p.name)} have we sold, and in how many orders?`,
        plan: {
          select: [
            item(agg('sum', col('ol', 'quantity')), 'units'),
            item(agg('count', col('ol', 'order_id'), true), 'orders'),
          ],
          from: { table: 'order_lines', alias: 'ol' },
          joins: [join('inner', 'products', 'p', col('p', 'product_id'), col('ol', 'product_id'))],
          where: eq(col('p', 'name'), lit(p.name as string)),
        },
      };
    },
  },
  {
    name: "a customer's orders",
    weight: 8,
    draw(r, shop) {
      const c = r.pick(shop.customers);
      return {
        question: `List the orders of ${label(c.first_name)} ${label(c.last_name)} from ${label(c.city)}, newest first.`,
        ordered: true,
        date: true,
        plan: {
          select: [
            item(col('o', 'order_id')),
            item(col('o', 'ordered_at')),
            item(col('o', 'status')),
          ],
          from: { table: 'orders', alias: 'o' },
          joins: [
            join('inner', 'customers', 'c', col('c', 'customer_id'), col('o', 'customer_id')),
          ],
          where: and(
            eq(col('c', 'first_name'), lit(c.first_name as string)),
            eq(col('c', 'last_name'), lit(c.last_name as string)),
            eq(col('c', 'city'), lit(c.city as string)),
          ),
          order_by: [desc(col('o', 'ordered_at')), desc(col('o', 'order_id'))],
        },
      };
    },
  },
  {
    name: 'subcategories',
    weight: 2,
    draw(r, shop) {
      const top = r.pick(shop.topCategories);
      return {
        question: `Which subcategories does ${top} have?`,
        plan: {
          select: [item(col('sub', 'name'))],
          from: { table: 'categories', alias: 'sub' },
          joins: [
            join('inner', 'categories', 'top', col('top', 'category_id'), col('sub', 'parent_id')),
          ],
          where: eq(col('top', 'name'), lit(top)),
          order_by: [asc(col('sub', 'name'))],
        },
      };
    },
  },
  {
    name: 'discontinued products',
    weight: 3,
    draw(r, shop) {
      const category = r.pick(shop.subCategories);
      return {
        question: `How many products in ${category} are discontinued and how many are still sold?`,
        plan: {
          select: [item(col('p', 'discontinued')), item(agg('count'), 'products')],
          from: { table: 'products', alias: 'p' },
          joins: [
            join('inner', 'categories', 'c', col('c', 'category_id'), col('p', 'category_id')),
          ],
          where: eq(col('c', 'name'), lit(category)),
          group_by: [col('p', 'discontinued')],
          order_by: [asc(col('p', 'discontinued'))],
        },
      };
    },
  },
  {
    name: 'first and last order dates',
    weight: 2,
    draw(r, shop) {
      const country = r.pick(shop.countries);
      return {
        question: `When was the first and when the last order shipped to ${country}?`,
        date: true,
        plan: {
          select: [
            item(agg('min', col('o', 'ordered_at')), 'first_order'),
            item(agg('max', col('o', 'ordered_at')), 'last_order'),
          ],
          from: { table: 'orders', alias: 'o' },
          where: eq(col('o', 'ship_country'), lit(country)),
        },
      };
    },
  },
  {
    name: 'unanswerable',
    weight: 3,
    draw(r, shop) {
      const c = r.pick(shop.customers);
      const questions = [
        `What will the weather be in ${label(c.city)} tomorrow?`,
        'How many warehouses does the shop run?',
        `What is ${label(c.first_name)} ${label(c.last_name)}'s favourite colour?`,
        `Which products will sell best after ${LAST_DAY}?`,
        `How many visitors did the website have before ${FIRST_DAY}?`,
        'What is the profit margin of each supplier?',
      ];
      return { question: r.pick(questions) };
    },
  },
];
