// Hands a downloaded file to the browser as a download under its name.
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address can go once the browser has it.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
