// Correct rewrites of Chinook suite golds in other shapes, mostly slower: correlated subqueries
// instead of joins, a defeated index, a per-row lookup. The bench checks each against the
// gold's rows with the comparator before timing it; one that does not match is reported and
// scored as incorrect, never timed.

export interface Rewrite {
  caseId: string;
  /** What the rewrite does differently. */
  shape: string;
  sql: string;
}

export const CHINOOK_REWRITES: readonly Rewrite[] = [
  {
    caseId: 'chinook_002',
    shape: 'count per genre in a correlated subquery instead of JOIN + GROUP BY',
    sql: `SELECT g.Name, (SELECT COUNT(*) FROM Track t WHERE t.GenreId = g.GenreId) AS tracks
FROM Genre g
ORDER BY tracks DESC, g.GenreId
LIMIT 5`,
  },
  {
    caseId: 'chinook_005',
    shape: 'album count in a correlated subquery per artist',
    sql: `SELECT ar.Name, (SELECT COUNT(*) FROM Album al WHERE al.ArtistId = ar.ArtistId) AS albums
FROM Artist ar
ORDER BY albums DESC, ar.ArtistId
LIMIT 10`,
  },
  {
    caseId: 'chinook_008',
    shape: 'JOIN to the per-genre maximum instead of a correlated MAX per track (faster)',
    sql: `SELECT g.Name AS genre, t.Name AS track, t.Milliseconds
FROM Track t
JOIN Genre g ON g.GenreId = t.GenreId
JOIN (SELECT GenreId, MAX(Milliseconds) AS m FROM Track GROUP BY GenreId) mx
  ON mx.GenreId = t.GenreId AND mx.m = t.Milliseconds
ORDER BY g.Name`,
  },
  {
    caseId: 'chinook_010',
    shape: "the genre's name looked up per track in a scalar subquery",
    sql: `SELECT COUNT(*) AS tracks
FROM Track t
WHERE (SELECT g.Name FROM Genre g WHERE g.GenreId = t.GenreId) = 'Heavy Metal'`,
  },
  {
    caseId: 'chinook_012',
    shape: 'average per genre in a correlated subquery, EXISTS for genres with tracks',
    sql: `SELECT g.Name, ROUND((SELECT AVG(t.Milliseconds) FROM Track t WHERE t.GenreId = g.GenreId) / 60000.0, 2) AS avg_minutes
FROM Genre g
WHERE EXISTS (SELECT 1 FROM Track t WHERE t.GenreId = g.GenreId)
ORDER BY g.Name`,
  },
  {
    caseId: 'chinook_017',
    shape: 'revenue per artist in a correlated three-table subquery, for every artist',
    sql: `SELECT ar.Name,
  ROUND((SELECT SUM(il.UnitPrice * il.Quantity)
         FROM InvoiceLine il
         JOIN Track t ON t.TrackId = il.TrackId
         JOIN Album al ON al.AlbumId = t.AlbumId
         WHERE al.ArtistId = ar.ArtistId), 2) AS revenue
FROM Artist ar
ORDER BY revenue DESC, ar.ArtistId
LIMIT 5`,
  },
  {
    caseId: 'chinook_018',
    shape: 'quantity per album through IN (tracks of the album), for every album',
    sql: `SELECT al.Title,
  (SELECT SUM(il.Quantity) FROM InvoiceLine il
   WHERE il.TrackId IN (SELECT t.TrackId FROM Track t WHERE t.AlbumId = al.AlbumId)) AS tracks_sold
FROM Album al
ORDER BY tracks_sold DESC, al.AlbumId
LIMIT 5`,
  },
  {
    caseId: 'chinook_030',
    shape: 'a case-folded prefix comparison instead of LIKE',
    sql: `SELECT COUNT(*) AS tracks
FROM Track t
WHERE lower(substr(t.Name, 1, 5)) = 'where'`,
  },
  {
    caseId: 'chinook_034',
    shape: 'EXISTS per artist over a four-table path instead of COUNT(DISTINCT)',
    sql: `SELECT COUNT(*) AS artists
FROM Artist ar
WHERE EXISTS (
  SELECT 1 FROM Album al
  JOIN Track t ON t.AlbumId = al.AlbumId
  JOIN PlaylistTrack pt ON pt.TrackId = t.TrackId
  JOIN Playlist p ON p.PlaylistId = pt.PlaylistId
  WHERE al.ArtistId = ar.ArtistId AND p.Name = 'Grunge')`,
  },
  {
    caseId: 'chinook_037',
    shape: 'quantity per media type in a correlated join, EXISTS for media types with sales',
    sql: `SELECT m.Name,
  (SELECT SUM(il.Quantity) FROM InvoiceLine il JOIN Track t ON t.TrackId = il.TrackId
   WHERE t.MediaTypeId = m.MediaTypeId) AS tracks_sold
FROM MediaType m
WHERE EXISTS (SELECT 1 FROM InvoiceLine il JOIN Track t ON t.TrackId = il.TrackId
              WHERE t.MediaTypeId = m.MediaTypeId)
ORDER BY m.MediaTypeId`,
  },
  {
    caseId: 'chinook_039',
    shape: "NOT EXISTS with InvoiceLine's index defeated (+ 0): a scan per track",
    sql: `SELECT COUNT(*) AS tracks
FROM Track t
WHERE NOT EXISTS (SELECT 1 FROM InvoiceLine il WHERE il.TrackId + 0 = t.TrackId)`,
  },
  {
    caseId: 'chinook_041',
    shape: 'revenue per genre through IN (tracks of the genre), for every genre',
    sql: `SELECT g.Name,
  ROUND((SELECT SUM(il.UnitPrice * il.Quantity) FROM InvoiceLine il
         WHERE il.TrackId IN (SELECT t.TrackId FROM Track t WHERE t.GenreId = g.GenreId)), 2) AS revenue
FROM Genre g
ORDER BY revenue DESC, g.GenreId
LIMIT 5`,
  },
];
