/**
 * Where the installation's signing for contracts comes from, for the ops command and the demo seed (the
 * server takes the esign plugin's provider, app.esign.signing, which PORTAL_ESIGN_PROVIDER may replace):
 * the installation's own CA on this database.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DbCaStore } from '../esign/ca.ts';
import { LocalCaSigningProvider } from '../esign/local.ts';
import type { SigningProvider } from '../esign/types.ts';

export function localSigningProvider(db: Kysely<Database>, now: () => number = Date.now): SigningProvider {
  return new LocalCaSigningProvider(new DbCaStore(db), now);
}
