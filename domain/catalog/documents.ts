/**
 * The documents' fixed names, apart from their zod schemas (schemas/document.ts) so that screens
 * naming them do not bring zod with them.
 */

/** The Document Library's own entries: this category of the inventory module. */
export const LIBRARY_MODULE = "inventory";
export const LIBRARY_TYPE = "documentlibrary";

/** For a file input's accept attribute: what the server will take. */
export const UPLOAD_ACCEPT = ".pdf,.jpg,.jpeg,.png,.webp,.heic,.heif,.docx,.xlsx,.pptx,.doc,.xls,.txt";
