/** Saves a file the browser holds (a download fetched with the staff token) under `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
