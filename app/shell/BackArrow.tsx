import { Button } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { isListPath, isSharedPath } from "./recordPaths.ts";

export interface BackArrowProps {
  /** Where to go; without it, or on a list or shared-with-me page, the arrow goes back one step. */
  to?: string;
  /** Spoken and shown name; "Back" by default. */
  label?: string;
}

/**
 * The spec's back arrow: to the given path, or back one step in history on list and shared pages.
 * Opened directly (a bookmark, a new tab), there is no step back inside the app, so it goes to
 * the given path instead of leaving the site. The unsaved-changes guard sees this navigation like
 * any other.
 */
export function BackArrow({ to, label }: BackArrowProps) {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const location = useLocation();
  // React Router gives the first entry of a visit the key "default".
  const hasAppHistory = location.key !== "default";
  const historyFirst = to === undefined || isListPath(location.pathname) || isSharedPath(location.pathname);

  const goBack = () => {
    if (historyFirst && hasAppHistory) navigate(-1);
    else if (to !== undefined) navigate(to);
    else navigate("..", { relative: "path" });
  };

  return (
    <Button
      variant="subtle"
      px="xs"
      leftSection={<IconArrowLeft size={20} aria-hidden="true" />}
      onClick={goBack}
      // A module's name can be long ("Renseignements sur l'emploi et les avantages sociaux"):
      // on a phone it wraps rather than widen the page.
      style={{ alignSelf: "flex-start", maxWidth: "100%" }}
      styles={{
        root: { height: "auto", minHeight: "var(--button-height)" },
        label: { whiteSpace: "normal", textAlign: "start", overflow: "visible" },
      }}
    >
      {label ?? t("back")}
    </Button>
  );
}
