import { useEffect, useRef, useState } from 'react';

/** A fetched file: null while it loads (or while there is none to load), its bytes and object URL, or why not. */
export type FetchedFile = { blob: Blob; url: string } | { error: string } | null;

/**
 * A file fetched with the user's token and shown from an object URL, never from a URL another user could
 * open (the contract's PDF, a deal letter, an invoice, a user's file). `key` names the file: a new key
 * fetches again and revokes the old URL; `load` null loads nothing. `type` gives the bytes their content
 * type when the response's differs (a PDF frame needs application/pdf); `failed` is the message when the
 * error has none.
 */
export function useFetchedFile(
  key: unknown,
  load: ((signal: AbortSignal) => Promise<Blob>) | null,
  options: { type?: (blob: Blob) => string; failed: string },
): FetchedFile {
  const [state, setState] = useState<FetchedFile>(null);
  // Read at the fetch: the caller's closures are new each render, the file is the key's.
  const latest = useRef({ load, options });
  latest.current = { load, options };
  useEffect(() => {
    const { load: fetchFile, options: { type, failed } } = latest.current;
    setState(null);
    if (!fetchFile || typeof URL.createObjectURL !== 'function') return undefined;
    const controller = new AbortController();
    let url = '';
    fetchFile(controller.signal)
      .then((fetched) => {
        const wanted = type?.(fetched);
        const blob = wanted && fetched.type !== wanted ? new Blob([fetched], { type: wanted }) : fetched;
        url = URL.createObjectURL(blob);
        setState({ blob, url });
      })
      .catch((err: Error) => {
        if (!controller.signal.aborted) setState({ error: err.message || failed });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [key]);
  return state;
}
