// Who may read what in the shop: five roles with overlapping scopes, so that a case's
// outcome differs by role as it does in a real deployment (a catalogue editor is refused
// order data, finance is refused reviews). Outcomes in the suite follow from it exactly.

import type { AccessPolicy } from '@nl2sql/suite';
import { SHOP_TABLES } from './shop-schema.js';

export const SYNTHETIC_POLICY: AccessPolicy = {
  roles: {
    admin: { tables: SHOP_TABLES.map((t) => t.name) },
    sales: {
      tables: [
        'categories',
        'customers',
        'employees',
        'order_lines',
        'orders',
        'payments',
        'products',
        'regions',
      ],
    },
    catalog: { tables: ['categories', 'products', 'reviews', 'suppliers'] },
    support: { tables: ['customers', 'orders', 'products', 'reviews'] },
    finance: { tables: ['customers', 'order_lines', 'orders', 'payments'] },
  },
};
