// Wrong answers to Chinook suite questions of the kinds 004 reports for real systems (a
// wrong table, an identifier for its name, a wrong aggregate, a misspelt entity, a wrong
// date, a dropped constraint, a missing or extra column), each with the class a reviewer
// would give it. The mutants of @nl2sql/testsuite change operators and values but never a
// table or a column, so these cover the classes mutants cannot reach.
import type { ErrorClass } from '@nl2sql/sqlcheck';

export interface WrongPrediction {
  caseId: string;
  /** The prediction's SQL; null for a system that gave none. */
  sql: string | null;
  /** The class a reviewer gives it (the bench prints where errorClass disagrees). */
  expected: ErrorClass;
  why: string;
}

export const CHINOOK_WRONG_PREDICTIONS: readonly WrongPrediction[] = [
  {
    caseId: 'chinook_018',
    expected: 'table_selection',
    why: 'counts tracks per album in Track, never reads InvoiceLine (sales)',
    sql: `SELECT al.Title, COUNT(*) AS tracks_sold FROM Track t JOIN Album al ON al.AlbumId = t.AlbumId
GROUP BY al.AlbumId, al.Title ORDER BY tracks_sold DESC, al.AlbumId LIMIT 5`,
  },
  {
    caseId: 'chinook_037',
    expected: 'table_selection',
    why: 'tracks per media type in the catalogue, not tracks sold',
    sql: `SELECT m.Name, COUNT(*) AS tracks_sold FROM Track t JOIN MediaType m ON m.MediaTypeId = t.MediaTypeId
GROUP BY m.MediaTypeId, m.Name ORDER BY m.MediaTypeId`,
  },
  {
    caseId: 'chinook_006',
    expected: 'column_selection',
    why: 'the identifier column instead of the name',
    sql: 'SELECT t.TrackId, t.Milliseconds FROM Track t ORDER BY t.Milliseconds DESC, t.TrackId LIMIT 10',
  },
  {
    caseId: 'chinook_029',
    expected: 'column_selection',
    why: 'sums the duration instead of the size',
    sql: `SELECT m.Name, ROUND(SUM(t.Milliseconds) / 1048576.0, 2) AS megabytes FROM Track t
JOIN MediaType m ON m.MediaTypeId = t.MediaTypeId GROUP BY m.MediaTypeId, m.Name ORDER BY m.MediaTypeId`,
  },
  {
    caseId: 'chinook_025',
    expected: 'column_selection',
    why: 'the first and last invoice ids, not their dates',
    sql: 'SELECT MIN(i.InvoiceId) AS first_invoice, MAX(i.InvoiceId) AS last_invoice FROM Invoice i',
  },
  {
    caseId: 'chinook_043',
    expected: 'aggregation',
    why: 'the total instead of the average',
    sql: `SELECT i.BillingCountry, ROUND(SUM(i.Total), 2) AS avg_total FROM Invoice i
GROUP BY i.BillingCountry HAVING COUNT(*) >= 20 ORDER BY i.BillingCountry`,
  },
  {
    caseId: 'chinook_011',
    expected: 'aggregation',
    why: 'counts customers, not distinct countries',
    sql: 'SELECT COUNT(c.Country) AS countries FROM Customer c',
  },
  {
    caseId: 'chinook_040',
    expected: 'entity_linking',
    why: 'the artist spelt as the question might, not as stored',
    sql: `SELECT al.Title, COUNT(*) AS tracks FROM Artist ar JOIN Album al ON al.ArtistId = ar.ArtistId
JOIN Track t ON t.AlbumId = al.AlbumId WHERE ar.Name = 'ACDC' GROUP BY al.AlbumId, al.Title ORDER BY al.AlbumId`,
  },
  {
    caseId: 'chinook_034',
    expected: 'entity_linking',
    why: 'the playlist name in lower case',
    sql: `SELECT COUNT(DISTINCT ar.ArtistId) AS artists FROM Playlist p
JOIN PlaylistTrack pt ON pt.PlaylistId = p.PlaylistId JOIN Track t ON t.TrackId = pt.TrackId
JOIN Album al ON al.AlbumId = t.AlbumId JOIN Artist ar ON ar.ArtistId = al.ArtistId WHERE p.Name = 'grunge'`,
  },
  {
    caseId: 'chinook_019',
    expected: 'filter_values',
    why: 'the wrong year',
    sql: `SELECT CAST(strftime('%m', i.InvoiceDate) AS INTEGER) AS month, COUNT(*) AS invoices FROM Invoice i
WHERE i.InvoiceDate >= '2024-01-01' AND i.InvoiceDate < '2025-01-01' GROUP BY month ORDER BY month`,
  },
  {
    caseId: 'chinook_031',
    expected: 'filter_values',
    why: "the genre 'Rock' for 'Rock And Roll' (a lookup value)",
    sql: `SELECT COUNT(*) AS tracks FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Rock'`,
  },
  {
    caseId: 'chinook_032',
    expected: 'filter_values',
    why: 'drops the job-title constraint',
    sql: `SELECT e.FirstName, e.LastName, e.HireDate FROM Employee e
WHERE e.HireDate >= '2003-01-01' AND e.HireDate < '2004-01-01' ORDER BY e.EmployeeId`,
  },
  {
    caseId: 'chinook_003',
    expected: 'presentation_only',
    why: "the customers' first names left out",
    sql: `SELECT c.LastName, ROUND(SUM(i.Total), 2) AS total_spend FROM Customer c JOIN Invoice i ON i.CustomerId = c.CustomerId
GROUP BY c.CustomerId, c.FirstName, c.LastName ORDER BY total_spend DESC, c.CustomerId LIMIT 5`,
  },
  {
    caseId: 'chinook_021',
    expected: 'presentation_only',
    why: 'an extra column, the country, beside the answer',
    sql: `SELECT c.FirstName, c.LastName, c.City, c.Country FROM Customer c WHERE c.Country = 'Germany' ORDER BY c.CustomerId`,
  },
  {
    caseId: 'chinook_033',
    expected: 'other',
    why: 'an inner join drops the employee who reports to nobody',
    sql: `SELECT e.FirstName, e.LastName, m.FirstName AS manager_first_name, m.LastName AS manager_last_name
FROM Employee e JOIN Employee m ON m.EmployeeId = e.ReportsTo ORDER BY e.EmployeeId`,
  },
  {
    caseId: 'chinook_006',
    expected: 'other',
    why: 'five tracks for ten',
    sql: 'SELECT t.Name, t.Milliseconds FROM Track t ORDER BY t.Milliseconds DESC, t.TrackId LIMIT 5',
  },
  {
    caseId: 'chinook_001',
    expected: 'execution_error',
    why: 'a misspelt column',
    sql: 'SELECT c.Contry, COUNT(*) AS customers FROM Customer c GROUP BY c.Contry',
  },
  {
    caseId: 'chinook_024',
    expected: 'no_sql',
    why: 'the system asked a question back instead',
    sql: null,
  },
];

/**
 * Chinook's categories, 004's reference tables: a wrong value there is a lookup constraint
 * (filter_values). Artists, albums, tracks, playlists, customers and employees are entities.
 */
export const CHINOOK_LOOKUPS = [
  'Genre',
  'MediaType',
  'Customer.Country',
  'Invoice.BillingCountry',
  'Employee.Title',
] as const;
