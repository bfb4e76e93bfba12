/**
 * Unicode's explicit bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069) and the Arabic letter mark. Nobody types them, and they let a text display as
 * something else: `invoice\u202Efdp.exe` shows as "invoiceexe.pdf". Right-to-left text needs none
 * of them (the display order comes from the letters themselves); the plain left-to-right and
 * right-to-left marks, which some keyboards insert, are kept.
 */
const BIDI_CONTROLS = /[\u061C\u202A-\u202E\u2066-\u2069]/g;

/** The text without bidirectional control characters. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}
