import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Alert, Spin } from 'antd';
import pdfWorkerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { isPhoneScreen } from '@/lib/viewport';

/** Device pixels per CSS pixel at most: sharp on a phone's screen without a canvas of tens of megabytes a page. */
const MAX_PIXEL_RATIO = 2;

/**
 * A PDF the portal shows (a contract, a deal letter, an invoice, a user's file). On a computer, the browser's
 * own viewer in a frame. On a phone, its pages drawn one under the other at the screen's width by pdf.js
 * (loaded then, on phones only): a phone's browser shows no PDF in a frame (Android's Chrome offers a
 * download button instead), and a page at the frame's 100 % would be a desktop page at a third of its size.
 * `url` is the blob's object URL (the frame's source).
 */
export function PdfView({ blob, url, title, className, style }: { blob: Blob; url: string; title: string; className?: string; style?: CSSProperties }) {
  if (!isPhoneScreen()) return <iframe title={title} src={url} className={className} style={style} />;
  return <PdfPages blob={blob} title={title} />;
}

function PdfPages({ blob, title }: { blob: Blob; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'drawing' | 'drawn' | 'failed'>('drawing');
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let cancelled = false;
    let task: { destroy(): Promise<void> } | null = null;
    setState('drawing');
    (async () => {
      const pdfjs = await import('pdfjs-dist');
      pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerUrl;
      // No eval: the portal's Content-Security-Policy allows none.
      const loading = pdfjs.getDocument({ data: new Uint8Array(await blob.arrayBuffer()), isEvalSupported: false });
      task = loading;
      const doc = await loading.promise;
      el.replaceChildren();
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
      for (let n = 1; n <= doc.numPages && !cancelled; n++) {
        const page = await doc.getPage(n);
        const scale = el.clientWidth / page.getViewport({ scale: 1 }).width;
        const viewport = page.getViewport({ scale: scale * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'pdf-pages__page';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `第 ${n} 页，共 ${doc.numPages} 页`);
        el.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      if (!cancelled) setState('drawn');
    })().catch(() => {
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [blob]);
  return (
    <>
      {state === 'drawing' && (
        <Spin description="正在显示…">
          <div style={{ height: 120 }} />
        </Spin>
      )}
      {state === 'failed' && <Alert type="error" showIcon title="文件无法在此显示，请下载后查看" />}
      {/* Focusable: a box that scrolls must scroll from the keyboard too. */}
      <div ref={box} className="pdf-pages" title={title} role="document" aria-label={title} tabIndex={0} />
    </>
  );
}
