// The guided questions a Chinook demo offers a new user. Each is a case of the Chinook suite,
// word for word, so every suggestion the demo makes has a checked answer.

export const CHINOOK_QUESTIONS: readonly string[] = [
  'How many customers are there in each country?',
  'What are the top 5 genres by number of tracks?',
  'Who are the top 5 customers by total spend?',
  'What is the total revenue per year?',
  'Which 10 artists have the most albums?',
  'What are the 10 longest tracks?',
  'Which employees support the most customers?',
  'What is the average track length per genre, in minutes?',
  'Which 5 playlists have the most tracks?',
  'How many tracks are there of each media type?',
  'Which 5 countries bring in the most revenue?',
  'How many tracks have never been purchased?',
];
