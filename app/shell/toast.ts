import { notifications } from "@mantine/notifications";
import { TIMINGS_MS } from "../../domain/limits.ts";

/**
 * The spec's toasts: 2 s each. At most two show at once: the app's `<Notifications>` host carries
 * `limit={MAX_TOASTS}`.
 */
export function showToast(message: string, kind: "success" | "error" = "success"): void {
  notifications.show({
    message,
    color: kind === "error" ? "red.8" : "green.9",
    autoClose: TIMINGS_MS.toast,
  });
}
