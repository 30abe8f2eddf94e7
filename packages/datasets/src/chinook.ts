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
