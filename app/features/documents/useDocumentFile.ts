import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessages.ts";
import { showToast } from "../../shell/toast.ts";
import { type DocumentItem, type DocumentRef, deleteDocumentFile, uploadDocumentFile } from "./api.ts";

/**
 * Uploads and removes one document's file, with the spec's upload state: loading and progress
 * while it goes, and on failure the list cleared and the server's message in a toast.
 */
export function useDocumentFile(onStored: (document: DocumentItem | null) => void) {
  const { t, i18n } = useTranslation("documents");
  const [uploading, setUploading] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);

  const failed = (error: unknown) => showToast(errorMessage(t, error), "error");

  /** Resolves with the stored document, or null when the upload failed (already told). */
  const upload = async (ref: DocumentRef, file: File): Promise<DocumentItem | null> => {
    setUploading(true);
    setPercent(0);
    try {
      const stored = await uploadDocumentFile(ref, file, setPercent, i18n.language);
      onStored(stored);
      return stored;
    } catch (error) {
      failed(error);
      onStored(null);
      return null;
    } finally {
      setUploading(false);
      setPercent(null);
    }
  };

  const remove = async (ref: DocumentRef, fileName: string): Promise<boolean> => {
    try {
      await deleteDocumentFile(ref, fileName);
      onStored(null);
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  };

  return { uploading, percent, upload, remove };
}
