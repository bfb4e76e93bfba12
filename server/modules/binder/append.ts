import { PDFDocument } from "pdf-lib";

/**
 * The attached PDFs the owner asked to have appended after the binder's own pages. pdfkit cannot
 * take pages from another PDF, so pdf-lib reads each attached file (to count its pages before the
 * binder is laid out, for the list's "from page N") and copies its pages behind the binder.
 *
 * This is the one part held in memory: the binder's bytes and the parsed attachments. It is kept
 * bounded by APPEND_BUDGET_BYTES of attached files per binder; past it, and for files pdf-lib
 * cannot read or that are encrypted, the document is listed without its pages.
 */

/** The most attached-file bytes one binder appends (fifty 2 MB scans fit). */
export const APPEND_BUDGET_BYTES = 100 * 1024 * 1024;

/** An attached PDF read and ready to be appended. */
export type AppendablePdf = { pages: number; pdf: PDFDocument };

/** A file's bytes as a PDF to append, or null when it cannot be (unreadable, encrypted, empty). */
export async function readAppendable(bytes: Uint8Array): Promise<AppendablePdf | null> {
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    // An encrypted file's pages would be copied still encrypted: unreadable without its key.
    if (pdf.isEncrypted || pdf.getPageCount() === 0) return null;
    return { pages: pdf.getPageCount(), pdf };
  } catch {
    return null;
  }
}

/** The binder's own pages, then every appended file's, in order; the binder's bookmarks are kept. */
export async function appendPdfs(binder: Uint8Array, files: readonly AppendablePdf[]): Promise<Uint8Array> {
  const merged = await PDFDocument.load(binder, { updateMetadata: false });
  for (const file of files) {
    const pages = await merged.copyPages(file.pdf, file.pdf.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save({ useObjectStreams: true });
}
