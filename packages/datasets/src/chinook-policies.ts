// The demo's access policy for Chinook: which tables each role may read. The Chinook
// suite's outcomes follow it (a role is refused a case when a table the case reads is out
// of its scope), so changing a scope changes the suite's expected outcomes.

/** A role's scope: the tables it may read. */
export interface ChinookRole {
  description: string;
  tables: readonly string[];
}

/** Every table of the Chinook database. */
export const CHINOOK_TABLES: readonly string[] = [
  'Album',
  'Artist',
  'Customer',
  'Employee',
  'Genre',
  'Invoice',
  'InvoiceLine',
  'MediaType',
  'Playlist',
  'PlaylistTrack',
  'Track',
];

const except = (...left: string[]): string[] => CHINOOK_TABLES.filter((t) => !left.includes(t));

/** Roles of the Chinook demo and the tables each may read. */
export const CHINOOK_POLICIES: { readonly roles: Readonly<Record<string, ChinookRole>> } = {
  roles: {
    admin: { description: 'Everything.', tables: [...CHINOOK_TABLES] },
    sales: {
      description: 'Customers, invoices and the catalogue; no staff records.',
      tables: except('Employee'),
    },
    catalog: {
      description: 'The music catalogue and playlists only; no customers, sales or staff.',
      tables: except('Customer', 'Employee', 'Invoice', 'InvoiceLine'),
    },
  },
};
