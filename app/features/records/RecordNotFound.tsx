import { Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** An unknown category or a record that is not (or no longer) the user's. */
export function RecordNotFound() {
  const { t } = useTranslation("records");
  return (
    <>
      <Title order={1}>{t("notFound.title")}</Title>
      <Text>{t("notFound.text")}</Text>
    </>
  );
}
