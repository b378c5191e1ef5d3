/**
 * The capabilities every other plugin and route reads: the database, the server clock and the data
 * directory (with the content centre's file store under it).
 */
import type { Kysely } from 'kysely';
import fp from 'fastify-plugin';
import type { Database } from '../db/schema.ts';
import { contentFilesDir } from '../services/content/files.ts';

export interface CoreOptions {
  db: Kysely<Database>;
  /** The server clock (epoch ms); injectable for tests. */
  now: () => number;
  /** PORTAL_DATA_DIR: local files (SMS outbox, uploads, content and project files). */
  dataDir: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    now: () => number;
    dataDir: string;
    /** Where the content centre's stored files (images, attachments, downloads) live. */
    contentFilesDir: string;
  }
}

export default fp<CoreOptions>(
  async (app, { db, now, dataDir }) => {
    app.decorate('db', db);
    app.decorate('now', now);
    app.decorate('dataDir', dataDir);
    app.decorate('contentFilesDir', contentFilesDir(dataDir));
  },
  { name: 'core' },
);
