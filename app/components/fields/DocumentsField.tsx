import { Input, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * The files attached to a record, read-only: attaching and uploading belong to the document
 * library, so the form keeps the attached ids as they are and says how many there are.
 */
export function DocumentsField({ label, value }: { label: string; value: readonly string[] }) {
  const { t } = useTranslation("records");
  return (
    <Input.Wrapper label={label} labelElement="div">
      <Text size="sm">{t("documents.count", { count: value.length })}</Text>
    </Input.Wrapper>
  );
}
