// Saving text the console made as a file on the administrator's computer.

/** Starts a download of `content` named `fileName`. */
export function saveFile(fileName: string, content: BlobPart, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next task; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The lines of an import file: trimmed, blank ones dropped. */
export function importLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
