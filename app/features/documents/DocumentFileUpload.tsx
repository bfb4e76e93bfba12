import type { DocumentItem } from "./api.ts";
import { UploadControl } from "./UploadControl.tsx";
import { useDocumentFile } from "./useDocumentFile.ts";

export interface DocumentFileUploadProps {
  /** The stored document whose file this control uploads, replaces and removes. */
  document: DocumentItem;
  /** After an upload (the stored document) or a removal or failed upload (null). */
  onChange: (document: DocumentItem | null) => void;
  /** The Document Library hides the remove icon (spec). */
  hideRemove?: boolean;
}

/**
 * The upload control bound to a stored document: a chosen file uploads at once (replacing the
 * stored one after the confirmation); remove deletes the stored file through the API.
 */
export function DocumentFileUpload({ document, onChange, hideRemove = false }: DocumentFileUploadProps) {
  const file = useDocumentFile(onChange);
  const fileName = document.fileName;
  return (
    <UploadControl
      fileName={fileName}
      onChoose={(picked) => void file.upload(document, picked)}
      onRemove={hideRemove || !fileName ? undefined : () => void file.remove(document, fileName)}
      uploading={file.uploading}
      percent={file.percent}
    />
  );
}
