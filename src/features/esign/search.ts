import { z } from 'zod/mini';
import { lenient } from '@/lib/searchParams';

/** /contract/seal/qrcode?token=…: the one-time token of the QR link (anything else reads as missing). */
export const faceQrSearch = z.object({ token: lenient(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/))) });
