/**
 * bid_activity.settings: the mode parameters as JSON text, validated with zod whenever the engine or the
 * snapshot reads them (a bad row is refused, not guessed at).
 */
import { z } from 'zod';
import type { ActivitySettings } from '#domain/contract/bidModes';

const fen = z.number().int().nonnegative();

const settingsSchema = z
  .object({
    tiers: z
      .array(z.object({ fromFen: fen, incrementFen: fen.positive() }))
      .max(20)
      .optional(),
    phased: z.object({ freeEndAt: z.number().int(), cycleMs: z.number().int().min(30_000).max(3_600_000) }).optional(),
    dutch: z.object({ decrementFen: fen.positive(), intervalMs: z.number().int().min(1000), floorFen: fen, originAt: z.number().int().optional() }).optional(),
    // Windows from 5 s (short demo and test activities) to a day.
    final: z.object({ windowMs: z.number().int().min(5_000).max(86_400_000) }).optional(),
    twoStage: z
      .object({
        stage1EndAt: z.number().int(),
        joinWindowMs: z.number().int().min(5_000).max(86_400_000),
        cycleMs: z.number().int().min(5_000).max(3_600_000),
      })
      .optional(),
    vShaped: z.object({ ascendingMs: z.number().int().min(5_000).max(7 * 86_400_000) }).optional(),
  })
  .strict();

export class SettingsError extends Error {}

/**
 * The settings each mode needs: phased `phased`; dutch-auction `dutch`; final `final` (its cap is the
 * activity's cap_fen); two-stage `twoStage`; v-shaped `dutch` and `vShaped`.
 */
const REQUIRED: Readonly<Record<string, ReadonlyArray<'phased' | 'dutch' | 'final' | 'twoStage' | 'vShaped'>>> = {
  phased: ['phased'],
  'dutch-auction': ['dutch'],
  final: ['final'],
  'two-stage': ['twoStage'],
  'v-shaped': ['dutch', 'vShaped'],
};

/** Parses and checks the settings a mode needs (REQUIRED). */
function parseUncached(mode: string, text: string): ActivitySettings {
  let json: unknown;
  try {
    json = JSON.parse(text || '{}');
  } catch {
    throw new SettingsError('settings is not JSON');
  }
  const parsed = settingsSchema.safeParse(json);
  if (!parsed.success) throw new SettingsError(parsed.error.message);
  const settings = parsed.data;
  for (const key of REQUIRED[mode] ?? []) if (!settings[key]) throw new SettingsError(`${mode} needs settings.${key}`);
  if (settings.tiers) settings.tiers = [...settings.tiers].sort((a, b) => a.fromFen - b.fromFen);
  return settings;
}

const parsedCache = new Map<string, ActivitySettings | SettingsError>();

/**
 * The validated settings, memoised by text (the engine reads them on every bid and a snapshot rebuild on
 * thousands of rows whose settings rarely differ). Throws SettingsError when invalid. Callers must not
 * mutate the result.
 */
export function parseSettings(mode: string, text: string): ActivitySettings {
  const key = `${mode}|${text}`;
  let parsed = parsedCache.get(key);
  if (!parsed) {
    try {
      parsed = parseUncached(mode, text);
    } catch (error) {
      parsed = error instanceof SettingsError ? error : new SettingsError(String(error));
    }
    if (parsedCache.size > 10_000) parsedCache.clear();
    parsedCache.set(key, parsed);
  }
  if (parsed instanceof SettingsError) throw parsed;
  return parsed;
}

/** The settings, or {} when they are invalid (display paths must not fail a whole snapshot for one row). */
export function settingsOrEmpty(mode: string, text: string): ActivitySettings {
  try {
    return parseSettings(mode, text);
  } catch {
    return {};
  }
}
