/**
 * The bidder's alert preferences: a sound with the outbid alert, the browser notification (only once the
 * browser has granted it, which is asked on a click — never on load), lot reminders, and whether each bid is
 * confirmed first. Kept in local storage
 * through src/lib/storage; components read them with `useAlertPrefs`.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_REMINDERS, REMINDER_CHOICES } from '#domain/rules/reminders';
import { getStore, setStore } from './storage';

export interface AlertPrefs {
  /** Play a short tone with an outbid alert. */
  sound: boolean;
  /** Show a browser notification (when the browser allows it). */
  notify: boolean;
  /** Minutes before a watched lot's start and end to remind (REMINDER_CHOICES; empty: no reminders). */
  reminders: number[];
  /** Ask 出价确认 before each bid (off: the click on 出价 is the bid). */
  confirmBids: boolean;
}

const KEY = 'alertPrefs';
const DEFAULTS: AlertPrefs = { sound: true, notify: true, reminders: [...DEFAULT_REMINDERS], confirmBids: true };
const CHOICES: readonly number[] = REMINDER_CHOICES;
const listeners = new Set<() => void>();
let cached: AlertPrefs | null = null;

export function alertPrefs(): AlertPrefs {
  if (cached === null) {
    const stored = { ...DEFAULTS, ...(getStore<Partial<AlertPrefs>>(KEY) ?? {}) };
    // Stored by an older or tampered page: keep only the offered choices.
    const reminders = Array.isArray(stored.reminders) ? stored.reminders.filter((m) => CHOICES.includes(m)) : DEFAULTS.reminders;
    cached = { ...stored, reminders };
  }
  return cached;
}

export function setAlertPrefs(change: Partial<AlertPrefs>): void {
  cached = { ...alertPrefs(), ...change };
  setStore(KEY, cached, 'local');
  for (const listener of [...listeners]) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useAlertPrefs(): AlertPrefs {
  return useSyncExternalStore(subscribe, alertPrefs, alertPrefs);
}

/** The browser's notification permission ('unsupported' without the API). */
export function notificationPermission(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser (call from a click handler only). */
export async function requestNotifications(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  const answer = await Notification.requestPermission();
  if (answer === 'granted') setAlertPrefs({ notify: true });
  return answer;
}

/**
 * A browser notification, when the user switched it on and the browser allows it; a click focuses the
 * tab and opens `link` (a hash route). `tag` replaces an earlier notification of the same thing.
 */
export function showBrowserNotification(title: string, body: string, tag: string, link: string | null): void {
  if (!alertPrefs().notify || notificationPermission() !== 'granted') return;
  const shown = new Notification(title, { body, tag });
  shown.onclick = () => {
    window.focus();
    if (link) window.location.hash = link;
    shown.close();
  };
}

let audio: AudioContext | null = null;

/** A short two-tone alert (WebAudio: no file to load; silent where audio is unavailable or not yet allowed). */
export function playAlertTone(): void {
  try {
    const Context = globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    const t0 = audio.currentTime;
    for (const [i, freq] of [880, 660].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0 + i * 0.18);
      gain.gain.exponentialRampToValueAtTime(0.2, t0 + i * 0.18 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + i * 0.18 + 0.16);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0 + i * 0.18);
      osc.stop(t0 + i * 0.18 + 0.17);
    }
  } catch {
    // No sound: the toast and the notification still tell.
  }
}
