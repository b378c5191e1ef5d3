import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Input, Segmented, Space } from 'antd';

export interface SignatureMarkValue {
  kind: 'drawn' | 'typed';
  /** PNG as base64 (no data: prefix). */
  png: string;
}

/** The typed name's picture, and the drawn pad's width in canvas pixels (its height follows the pad's shape). */
const W = 480;
const H = 160;

const pngOf = (canvas: HTMLCanvasElement) => canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');

/** A typed name drawn on a canvas in a handwriting-like face: the PNG the server places in the signature area. */
export function typedSignaturePng(name: string): string {
  const canvas = document.createElement('canvas');
  canvas.width = W;
  canvas.height = H;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.fillStyle = '#1a237e';
  ctx.font = '64px "STKaiti", "KaiTi", "Kaiti SC", serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, W / 2, H / 2, W - 20);
  return pngOf(canvas);
}

/**
 * The canvas's pixel height for the pad as laid out: W wide, as tall as the pad's shape asks (the desktop's
 * 3 : 1 pad gives H; a phone's, the screen's width and about 200 px tall, a taller one), so a stroke is
 * drawn where the finger is, unstretched. Nothing laid out (a test's DOM): H.
 */
export function padPixelHeight(box: { width: number; height: number }): number {
  if (box.width <= 0 || box.height <= 0) return H;
  const height = Math.round((W * box.height) / box.width);
  // A 3 : 1 pad measured in whole pixels (320 × 107) is the desktop's: H, not a pixel more.
  return height - H <= 3 ? H : height;
}

/**
 * A person's mark: drawn with the mouse, a finger or a pen on the canvas, or the typed name rendered in the
 * browser. `onChange(null)` while there is nothing to sign with. On a phone the pad fills the screen's
 * width and is tall enough for a finger (src/styles/contracts.css).
 */
export function SignaturePad({ defaultName, onChange }: { defaultName: string; onChange: (mark: SignatureMarkValue | null) => void }) {
  const [mode, setMode] = useState<'drawn' | 'typed'>('drawn');
  const [name, setName] = useState(defaultName);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const inked = useRef(false);
  const [pixelHeight, setPixelHeight] = useState(H);
  const shownHeight = useRef(H);

  // The canvas's pixels follow the pad's shape as laid out (and when it changes: a phone turned sideways).
  // A new height clears the canvas: what was drawn is gone, and the parent hears so.
  useLayoutEffect(() => {
    const el = canvas.current;
    if (mode !== 'drawn' || !el) return undefined;
    const fit = () => {
      const next = padPixelHeight({ width: el.clientWidth, height: el.clientHeight });
      if (next === shownHeight.current) return;
      shownHeight.current = next;
      setPixelHeight(next);
      if (inked.current) {
        inked.current = false;
        onChange(null);
      }
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
    // onChange is the parent's setter (see below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode]);

  useEffect(() => {
    if (mode === 'typed') onChange(name.trim() ? { kind: 'typed', png: typedSignaturePng(name.trim()) } : null);
    else {
      // A fresh canvas each time the pad is shown: nothing drawn yet.
      inked.current = false;
      onChange(null);
    }
    // onChange is the parent's setter; re-running on its identity would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, name]);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const el = e.currentTarget;
    const r = el.getBoundingClientRect();
    return [((e.clientX - r.left) * el.width) / r.width, ((e.clientY - r.top) * el.height) / r.height] as const;
  };
  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = true;
    const [x, y] = point(e);
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1a237e';
    ctx.beginPath();
    ctx.moveTo(x, y);
  };
  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    const [x, y] = point(e);
    ctx.lineTo(x, y);
    ctx.stroke();
    inked.current = true;
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    if (inked.current && canvas.current) onChange({ kind: 'drawn', png: pngOf(canvas.current) });
  };
  const clear = () => {
    const el = canvas.current;
    el?.getContext('2d')?.clearRect(0, 0, el.width, el.height);
    inked.current = false;
    onChange(null);
  };

  return (
    <div className="signature-pad">
      <Segmented
        value={mode}
        onChange={(v) => setMode(v as 'drawn' | 'typed')}
        options={[
          { label: '手写签名', value: 'drawn' },
          { label: '输入姓名', value: 'typed' },
        ]}
      />
      {mode === 'drawn' ? (
        <div>
          <canvas
            ref={canvas}
            width={W}
            height={pixelHeight}
            className="signature-pad__canvas"
            aria-label="手写签名区"
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={up}
            onPointerLeave={up}
          />
          <Space>
            <span className="signature-pad__hint">请在框内用鼠标或手指书写您的姓名</span>
            <Button size="small" onClick={clear}>
              清除重写
            </Button>
          </Space>
        </div>
      ) : (
        <div>
          <Input aria-label="签名姓名" value={name} maxLength={20} onChange={(e) => setName(e.target.value)} style={{ maxWidth: 240 }} />
          {name.trim() && <div className="signature-pad__typed">{name.trim()}</div>}
        </div>
      )}
    </div>
  );
}
