import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A nominee id that is not (or no longer) one of the owner's: the API answered 404. */
export function NomineeNotFound() {
  const { t } = useTranslation("sharing");
  return (
    <Alert color="yellow" variant="light" role="alert">
      {t("view.notFound")}
    </Alert>
  );
}
