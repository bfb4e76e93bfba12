/** Saves a file through the browser's download. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Saves text as a file through the browser's download. */
export function downloadText(fileName: string, text: string, type = "text/plain;charset=utf-8"): void {
  saveBlob(fileName, new Blob([text], { type }));
}
