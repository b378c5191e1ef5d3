/**
 * Demo contracts: every paid deal without a contract gets its draft (deals paid before contracts existed);
 * bidder01's handed-over demo deal has a contract signed by both parties and sealed by the exchange (a
 * downloadable signed PDF), and each of his two paid demo deals one signed by the transferor and waiting for
 * his signature. The steps are the real service calls (drafting, confirmation, signing with the
 * installation's provider, sealing), with the face check passed as the demo's. demo_org stands for the
 * transferor. Idempotent: a contract past drafting is left as it is.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { confirmContract, submitForConfirmation } from '../services/contracts/confirmation.ts';
import { assignTransferor, draftMissingContracts } from '../services/contracts/draft.ts';
import { sealContract, signContract, type ContractSigning } from '../services/contracts/signing.ts';
import { approvedSealPng } from '../services/contracts/esign-bridge.ts';
import type { SigningProvider } from '../services/esign/types.ts';
import { drawPng } from '../lib/png.ts';

const HOUR = 3_600_000;

/** A drawn signature for the demo: a few strokes of ink on a transparent ground. */
function demoSignaturePng(): Uint8Array {
  const w = 200;
  return drawPng(w, w, (x, y) => {
    const t = x / w;
    const wave = 100 + 28 * Math.sin(t * 11) * (1 - t) + 10 * Math.sin(t * 37);
    const loop = Math.abs(Math.hypot(x - 48, y - 96) - 22) < 2.5;
    return Math.abs(y - wave) < 2.5 || loop ? [20, 30, 80, 255] : [255, 255, 255, 0];
  });
}

/** demo_org's seal when it has none approved: a red ring with a bar (the demo's stand-in, not the exchange's star). */
function demoOrgSealPng(): Uint8Array {
  const size = 160;
  const c = size / 2;
  return drawPng(size, size, (x, y) => {
    const d = Math.hypot(x - c, y - c);
    const ring = d <= 74 && d >= 66;
    const bar = Math.abs(y - c) < 6 && Math.abs(x - c) < 46;
    return ring || bar ? [200, 24, 24, 230] : [255, 255, 255, 0];
  });
}

export async function ensureDemoContracts(
  db: Kysely<Database>,
  now: number,
  provider: SigningProvider | null,
  orgSeal?: ContractSigning['orgSeal'],
): Promise<number> {
  const drafted = await draftMissingContracts(db, now - 2 * 24 * HOUR);
  if (!provider) return drafted;
  const users = await db.selectFrom('app_user').select(['id', 'login_name']).where('login_name', 'in', ['bidder01', 'demo_org']).execute();
  const buyer = users.find((u) => u.login_name === 'bidder01');
  const org = users.find((u) => u.login_name === 'demo_org');
  if (!buyer || !org) return drafted;
  const demo = await db
    .selectFrom('contract')
    .innerJoin('deal', 'deal.id', 'contract.deal_id')
    .select(['contract.id', 'contract.state', 'contract.version', 'deal.status'])
    .where('deal.user_id', '=', buyer.id)
    .where('deal.deal_code', 'like', 'CJDEMO%')
    .where('deal.status', 'in', ['paid', 'handedOver'])
    .execute();
  const signing: ContractSigning = {
    provider,
    orgSeal: async (d, userId) => (await (orgSeal ?? approvedSealPng)(d, userId)) ?? demoOrgSealPng(),
    faceChecked: async () => true,
  };
  for (const c of demo) {
    if (c.state !== 'drafting') continue;
    let at = now - 30 * HOUR;
    const step = () => (at += HOUR);
    await assignTransferor(db, c.id, 'demo_org', step());
    await submitForConfirmation(db, buyer.id, c.id, step());
    await confirmContract(db, org.id, c.id, c.version, step(), '');
    await confirmContract(db, buyer.id, c.id, c.version, step(), '');
    await signContract(db, signing, org.id, c.id, { faceToken: 'demo', markKind: 'seal', markPng: null }, step(), '');
    if (c.status === 'handedOver') {
      await signContract(db, signing, buyer.id, c.id, { faceToken: 'demo', markKind: 'drawn', markPng: demoSignaturePng() }, step(), '');
      await sealContract(db, provider, c.id, { name: 'seed', ip: '' }, step());
    }
  }
  return drafted;
}
