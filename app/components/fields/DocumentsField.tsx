import { Input, Loader } from "@mantine/core";
import { lazy, Suspense } from "react";

// The document library's own field (uploads, Download, View), loaded with the first record form or view.
const LibraryDocumentsField = lazy(() =>
  import("../../features/documents/DocumentsField.tsx").then((m) => ({ default: m.DocumentsField })),
);
const LibraryDocumentsView = lazy(() =>
  import("../../features/documents/DocumentsField.tsx").then((m) => ({ default: m.DocumentsView })),
);

export interface DocumentsFieldProps {
  label: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  module: string;
  category: string;
  /** The saved record's id, once there is one. */
  recordId?: string;
}

/** A record's attached files, through the document library's field. */
export function DocumentsField({ label, value, onChange, module, category, recordId }: DocumentsFieldProps) {
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label={label} />}>
      <LibraryDocumentsField
        label={label}
        value={[...value]}
        onChange={onChange}
        module={module}
        category={category}
        recordId={recordId}
      />
    </Suspense>
  );
}

/** A record's attached files, read-only, with Download and (PDF) View. */
export function DocumentsDisplay({
  label,
  value,
  module,
  category,
  recordId,
}: Omit<DocumentsFieldProps, "onChange">) {
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label={label} />}>
      <Input.Wrapper labelElement="div">
        <LibraryDocumentsView value={[...value]} module={module} category={category} recordId={recordId} />
      </Input.Wrapper>
    </Suspense>
  );
}
