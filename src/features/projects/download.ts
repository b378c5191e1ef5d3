import { API_BASE } from '@/api/config';

/**
 * Starts a real browser download of a ticket URL (relative to the API base). The server names the file
 * (Content-Disposition: attachment), so the link carries an empty `download` attribute.
 */
export function startDownload(ticketUrl: string): void {
  const link = document.createElement('a');
  link.href = /^https?:\/\//.test(ticketUrl) ? ticketUrl : `${API_BASE}${ticketUrl.startsWith('/') ? '' : '/'}${ticketUrl}`;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves text made in the page as a file (the lot's .ics): a Blob URL, clicked, then released. */
export function saveTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the Blob to the download; released on the next turn.
  queueMicrotask(() => URL.revokeObjectURL(url));
}
