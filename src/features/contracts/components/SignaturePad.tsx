import { useEffect, useRef, useState } from 'react';
import { Button, Input, Segmented, Space } from 'antd';

export interface SignatureMarkValue {
  kind: 'drawn' | 'typed';
  /** PNG as base64 (no data: prefix). */
  png: string;
}

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
 * A person's mark: drawn with the mouse, a finger or a pen on the canvas, or the typed name rendered in the
 * browser. `onChange(null)` while there is nothing to sign with.
 */
export function SignaturePad({ defaultName, onChange }: { defaultName: string; onChange: (mark: SignatureMarkValue | null) => void }) {
  const [mode, setMode] = useState<'drawn' | 'typed'>('drawn');
  const [name, setName] = useState(defaultName);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const inked = useRef(false);

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
    const r = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - r.left) * W) / r.width, ((e.clientY - r.top) * H) / r.height] as const;
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
    const ctx = canvas.current?.getContext('2d');
    ctx?.clearRect(0, 0, W, H);
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
            height={H}
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
