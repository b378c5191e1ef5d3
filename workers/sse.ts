/**
 * `text/event-stream` read from a streamed `fetch` (the push connection sends a bearer token, which
 * `EventSource` cannot): eventsource-parser does the byte-level work (split chunks, CR/LF/CRLF, fields);
 * this adapter hands back the complete messages of each chunk and keeps what a reconnect needs
 * (the last event id, the server's retry hint) and the heartbeat count.
 */
import { createParser, type EventSourceParser } from 'eventsource-parser';

/** One SSE message (fields per the HTML standard's event-stream interpretation). */
export interface SseMessage {
  event: string;
  data: string;
  id: string | undefined;
}

export class SseParser {
  /** The last `id:` seen (what a reconnect would send as Last-Event-ID). */
  lastEventId: string | undefined;
  /** The server's reconnection hint (ms), once sent. */
  retry: number | undefined;
  /** Comment lines seen (`: hb` heartbeats). */
  comments = 0;
  private pending: SseMessage[] = [];
  private readonly parser: EventSourceParser = createParser({
    onEvent: (m) => {
      if (m.id !== undefined && !m.id.includes('\0')) this.lastEventId = m.id;
      this.pending.push({ event: m.event || 'message', data: m.data, id: this.lastEventId });
    },
    onRetry: (ms) => {
      this.retry = ms;
    },
    onComment: () => {
      this.comments += 1;
    },
  });

  /** Feeds one decoded chunk; returns the messages it completed. */
  push(chunk: string): SseMessage[] {
    this.parser.feed(chunk);
    const out = this.pending;
    this.pending = [];
    return out;
  }
}
