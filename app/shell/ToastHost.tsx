import "@mantine/notifications/styles.css";
import { MantineThemeProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { MAX_TOASTS, TIMINGS_MS } from "../../domain/limits.ts";

/**
 * The toasts' host (spec: 2 s, at most two at once); mount once, beside the app's providers.
 * Every toast's close cross gets its name here, in the reader's language, so no caller has to.
 */
export function ToastHost() {
  const { t } = useTranslation("common");
  const closeLabel = t("toast.close");
  const theme = useMemo(
    () => ({
      components: { Notification: { defaultProps: { closeButtonProps: { "aria-label": closeLabel } } } },
    }),
    [closeLabel],
  );
  return (
    <MantineThemeProvider theme={theme} inherit>
      <Notifications limit={MAX_TOASTS} autoClose={TIMINGS_MS.toast} position="top-center" />
    </MantineThemeProvider>
  );
}
