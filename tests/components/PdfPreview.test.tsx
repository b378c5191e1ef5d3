/**
 * The contract's PDF on the signing page (features/contracts/components/PdfPreview.tsx): shown from an
 * object URL; when a signature changes it (`stamp`), the preview reloads while 下载 PDF stays in place, and
 * a download saves the PDF as the server has it at the click, never the one loaded before the signature.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_PATHS } from '#domain/contract/tradeContract';
import { PdfPreview } from '@/features/contracts/components/PdfPreview';
import { useMockServer } from '../mocks/server';

const server = useMockServer();
/** The PDF the server has now: its text names how many parties have signed. */
let signatures = 1;
let held: Promise<void> | null = null;
const saved: Array<{ name: string; text: Promise<string> }> = [];
const urls = new Map<string, Blob>();

beforeEach(() => {
  signatures = 1;
  held = null;
  saved.length = 0;
  urls.clear();
  server.use(
    http.get(`*/api${CONTRACT_PATHS.pdf}`, async () => {
      const body = `%PDF-1.7 signatures=${signatures}`;
      if (held) await held;
      return new HttpResponse(body, { headers: { 'Content-Type': 'application/pdf' } });
    }),
  );
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:pdf-${urls.size + 1}`;
    urls.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  // saveBlob clicks an <a download>: record what it would save.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: urls.get(this.href)!.text() });
  });
});
afterEach(() => vi.restoreAllMocks());

function Preview({ stamp }: { stamp: string }) {
  return (
    <AntdApp>
      <PdfPreview id={5} name="产权交易合同-HT1.pdf" stamp={stamp} />
    </AntdApp>
  );
}

describe('PdfPreview', () => {
  it('keeps 下载 PDF while the preview reloads after a signature, and saves the PDF as signed now', async () => {
    const view = render(<Preview stamp="signing-1" />);
    const frame = await screen.findByTitle('合同 PDF：产权交易合同-HT1.pdf');
    expect(frame.getAttribute('src')).toMatch(/^blob:pdf-\d+#navpanes=0&view=FitH$/);
    const button = screen.getByRole('button', { name: /下载 PDF/ });

    // The other party signs: the server's PDF changes and the preview reloads slowly.
    signatures = 2;
    let release!: () => void;
    held = new Promise((resolve) => (release = resolve));
    view.rerender(<Preview stamp="signing-2" />);
    expect(await screen.findByText('正在加载合同…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /下载 PDF/ })).toBe(button);

    act(() => release());
    fireEvent.click(button);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('产权交易合同-HT1.pdf');
    expect(await saved[0]!.text).toBe('%PDF-1.7 signatures=2');
    await screen.findByTitle('合同 PDF：产权交易合同-HT1.pdf');
  });
});
