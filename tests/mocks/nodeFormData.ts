/// <reference types="node" />
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { afterEach, vi } from 'vitest';

/**
 * Multipart uploads: the app's fetch is Node's (msw intercepts it), which cannot read jsdom's FormData,
 * File and Blob; a browser has one implementation of each. An upload test calls this first and builds its
 * files with `nodeFile`, as the browser would its own; the globals come back after each test.
 */
export async function useNodeFormData(): Promise<void> {
  const probe = await new Response('a=1', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
  vi.stubGlobal('FormData', probe.constructor);
  vi.stubGlobal('File', NodeFile);
  vi.stubGlobal('Blob', NodeBlob);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

export const nodeFile = (parts: Array<string | Uint8Array>, name: string, type: string) => new NodeFile(parts, name, { type }) as unknown as File;
