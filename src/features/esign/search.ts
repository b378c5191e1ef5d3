import { z } from 'zod';

/** /contract/seal/qrcode?token=…: the one-time token of the QR link (anything else reads as missing). */
export const faceQrSearch = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/).optional().catch(undefined) });
