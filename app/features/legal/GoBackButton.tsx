import { Button } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { LOGIN_PATH } from "../../session/homeRoute.ts";

/**
 * Back to where the reader came from; opened directly (a new tab, a bookmark) there is nowhere
 * in the app to go back to, so it goes to sign-in instead of leaving the site.
 */
export function GoBackButton() {
  const { t } = useTranslation("legal");
  const navigate = useNavigate();
  // React Router gives the first entry of a visit the key "default".
  const hasAppHistory = useLocation().key !== "default";
  return (
    <Button
      variant="default"
      leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
      onClick={() => (hasAppHistory ? navigate(-1) : navigate(LOGIN_PATH))}
    >
      {t("goBack")}
    </Button>
  );
}
