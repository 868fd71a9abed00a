import type { Db } from './client.js';

/** A transaction of the database, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Escapes the LIKE wildcards of user input, so `%` and `_` match themselves. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
