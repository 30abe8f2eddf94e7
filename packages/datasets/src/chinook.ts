// Where the Chinook database comes from, pinned so every run scores against the same bytes.

/** The upstream repository commit the file is taken from. */
export const CHINOOK_COMMIT = '7f67772503d71ba90f19283c38e93923addb43fa';

/** The file name, as upstream names it and as it is looked up locally. */
export const CHINOOK_FILE = 'Chinook_Sqlite.sqlite';

/** SHA-256 of the pinned file; anything else is refused. */
export const CHINOOK_SHA256 = '7651ba378ac2fcd0dfc3c66fb101f7a7eed3ba39a612ec642b96e20702061f15';

/** Canonical download address of the pinned file. */
export const CHINOOK_URL = `https://raw.githubusercontent.com/lerocha/chinook-database/${CHINOOK_COMMIT}/ChinookDatabase/DataSources/${CHINOOK_FILE}`;

/** Size of the pinned file in bytes, used to refuse a wrong download early. */
export const CHINOOK_BYTES = 1_007_616;

/** The upstream MySQL script of the same commit (tables, keys and rows as INSERTs). */
export const CHINOOK_MYSQL_FILE = 'Chinook_MySql.sql';

/** SHA-256 of the pinned MySQL script; anything else is refused. */
export const CHINOOK_MYSQL_SHA256 =
  '68768623bac1fe6f92c317235735c706a54a28cc76ab175c194e99f994dadbd6';

/** Canonical download address of the pinned MySQL script. */
export const CHINOOK_MYSQL_URL = `https://raw.githubusercontent.com/lerocha/chinook-database/${CHINOOK_COMMIT}/ChinookDatabase/DataSources/${CHINOOK_MYSQL_FILE}`;
