/**
 * The comparator demo that `nl2sql eval run` shows until the runner exists: questions on
 * Chinook, each with a gold query and a query of the kind a model really writes. Both run
 * on the database and their rows are compared strictly and leniently, so a new user sees
 * on real rows what each score forgives and what it refuses.
 */
export interface DemoCase {
  id: string;
  question: string;
  gold: string;
  candidate: string;
  orderMatters: boolean;
  /** What the case shows, for the reader of the board. */
  shows: string;
}

export const COMPARATOR_DEMO_CASES: readonly DemoCase[] = [
  {
    id: 'demo_01',
    question: 'How many customers are there in each country?',
    gold: 'SELECT Country, COUNT(*) AS customers FROM Customer GROUP BY Country',
    candidate:
      'SELECT c.Country AS country_name, COUNT(c.CustomerId) AS n FROM Customer AS c GROUP BY 1 ORDER BY 2 DESC',
    orderMatters: false,
    shows: 'names and row order ignored when order does not matter',
  },
  {
    id: 'demo_02',
    question: 'Who are the top 5 customers by total spend?',
    gold: `SELECT c.FirstName, c.LastName, ROUND(SUM(i.Total), 2) AS spend
FROM Customer c JOIN Invoice i ON i.CustomerId = c.CustomerId
GROUP BY c.CustomerId ORDER BY spend DESC, c.CustomerId LIMIT 5`,
    candidate: `SELECT c.LastName, c.FirstName, SUM(i.Total) AS total_spent
FROM Customer c JOIN Invoice i USING (CustomerId)
GROUP BY c.CustomerId ORDER BY total_spent DESC, c.CustomerId LIMIT 5`,
    orderMatters: true,
    shows: 'swapped name columns: lenient only; unrounded sums within 0.005',
  },
  {
    id: 'demo_03',
    question: 'What is the total revenue per year?',
    gold: `SELECT strftime('%Y', InvoiceDate) AS year, ROUND(SUM(Total), 2) AS revenue
FROM Invoice GROUP BY year ORDER BY year`,
    candidate: `SELECT date(InvoiceDate, 'start of year') AS year_start, SUM(Total) AS revenue
FROM Invoice GROUP BY year_start ORDER BY year_start`,
    orderMatters: true,
    shows: "a year labelled 2021-01-01 where gold writes 2021: lenient's one normalisation",
  },
  {
    id: 'demo_04',
    question: 'How many tracks does each genre have?',
    gold: `SELECT g.Name, COUNT(*) AS tracks
FROM Track t JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.GenreId`,
    candidate: `SELECT g.GenreId, g.Name AS genre, COUNT(t.TrackId) AS n
FROM Genre g JOIN Track t ON t.GenreId = g.GenreId GROUP BY g.GenreId, g.Name`,
    orderMatters: false,
    shows: 'one extra key column: lenient only',
  },
  {
    id: 'demo_05',
    question: "List the tracks on the album 'Let There Be Rock'.",
    gold: `SELECT t.Name FROM Track t JOIN Album a ON a.AlbumId = t.AlbumId
WHERE a.Title = 'Let There Be Rock'`,
    candidate: `SELECT t.* FROM Track t JOIN Album a ON a.AlbumId = t.AlbumId
WHERE a.Title = 'Let There Be Rock'`,
    orderMatters: false,
    shows: 'SELECT * carries the answer among nine columns: the column cap refuses it',
  },
  {
    id: 'demo_06',
    question: 'How many invoices were billed to each country?',
    gold: 'SELECT BillingCountry, COUNT(*) FROM Invoice GROUP BY BillingCountry',
    candidate: 'SELECT Country, COUNT(*) FROM Customer GROUP BY Country',
    orderMatters: false,
    shows: 'right shape, wrong question (customers, not invoices): fails both',
  },
  {
    id: 'demo_07',
    question: 'What are the five longest tracks, longest first?',
    gold: 'SELECT Name, Milliseconds FROM Track ORDER BY Milliseconds DESC, TrackId LIMIT 5',
    candidate: `SELECT Name, Milliseconds FROM (
  SELECT Name, Milliseconds FROM Track ORDER BY Milliseconds DESC, TrackId LIMIT 5
) ORDER BY Milliseconds`,
    orderMatters: true,
    shows: 'the right rows in the wrong order when order matters: fails both',
  },
];
