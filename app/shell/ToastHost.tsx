import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Notification.css";
import "@mantine/notifications/styles.css";
import { getDefaultZIndex, MantineThemeProvider } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Notifications, useNotifications } from "@mantine/notifications";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { BREAKPOINTS_PX, MAX_TOASTS, TIMINGS_MS } from "../../domain/limits.ts";
import { useOpenedOnce } from "../components/dialogs/useOpenedOnce.ts";

/** Phones, where a toast spans the bottom of the screen rather than its corner. */
const PHONE_QUERY = `(max-width: ${BREAKPOINTS_PX.formMobile}px)`;

/**
 * The toasts' host (spec: 2 s, at most two at once), above every dialog; mount once, beside the
 * app's providers. They stand at the bottom, clear of the header and its menus: in the right-hand
 * corner on a desktop, across the bottom on a phone.
 * Every toast's close cross gets its name here, in the reader's language, so no caller has to.
 */
export function ToastHost() {
  // Mantine's host mounts a portal and a transition group per corner: it waits for the first toast.
  const seen = useOpenedOnce(useNotifications().notifications.length > 0);
  return seen ? <Toasts /> : null;
}

function Toasts() {
  const { t } = useTranslation("common");
  const closeLabel = t("toast.close");
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const theme = useMemo(
    () => ({
      components: { Notification: { defaultProps: { closeButtonProps: { "aria-label": closeLabel } } } },
    }),
    [closeLabel],
  );
  return (
    <MantineThemeProvider theme={theme} inherit>
      {/* Above every dialog: a toast said after a dialog's action is read over its dimmed page. */}
      <Notifications
        limit={MAX_TOASTS}
        autoClose={TIMINGS_MS.toast}
        position={phone ? "bottom-center" : "bottom-right"}
        zIndex={getDefaultZIndex("max")}
      />
    </MantineThemeProvider>
  );
}
