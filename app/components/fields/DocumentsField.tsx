import { Input, Loader } from "@mantine/core";
import { useLazyModule } from "../lazy/useLazyModule.ts";
import { documentsFieldModule } from "./documentsFieldModule.ts";

export interface DocumentsFieldProps {
  label: string;
  value: readonly string[];
  onChange: (ids: string[]) => void;
  module: string;
  category: string;
}

/** A record's attached files, through the document library's field. */
export function DocumentsField({ label, value, onChange, module, category }: DocumentsFieldProps) {
  const library = useLazyModule(documentsFieldModule);
  if (!library) return <Loader size="sm" role="status" aria-label={label} />;
  return (
    <library.DocumentsField
      label={label}
      value={[...value]}
      onChange={onChange}
      module={module}
      category={category}
    />
  );
}

/** A record's attached files, read-only, with Download and (PDF) View. */
export function DocumentsDisplay({
  label,
  value,
  module,
  category,
  recordId,
}: Omit<DocumentsFieldProps, "onChange"> & { recordId?: string }) {
  const library = useLazyModule(documentsFieldModule);
  if (!library) return <Loader size="sm" role="status" aria-label={label} />;
  return (
    <Input.Wrapper labelElement="div">
      <library.DocumentsView value={[...value]} module={module} category={category} recordId={recordId} />
    </Input.Wrapper>
  );
}
