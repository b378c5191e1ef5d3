let lastDownloadUrl = '';

/** Saves a blob under a name (the browser's download); the previous download's object URL is released. */
export function saveBlob(blob: Blob, name: string) {
  if (lastDownloadUrl) URL.revokeObjectURL(lastDownloadUrl);
  const url = URL.createObjectURL(blob);
  lastDownloadUrl = url;
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
}
