/** What route plugins receive: they only translate HTTP ⇄ service calls. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface RouteDeps {
  db: Kysely<Database>;
  /** The server clock (epoch ms); injectable for tests. */
  now: () => number;
  /** Directory of the content centre's stored files (images, attachments, downloads). */
  filesDir?: string | undefined;
}
