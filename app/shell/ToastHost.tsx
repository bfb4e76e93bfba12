import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { MAX_TOASTS, TIMINGS_MS } from "../../domain/limits.ts";

/** The toasts' host (spec: 2 s, at most two at once); mount once, beside the app's providers. */
export function ToastHost() {
  return <Notifications limit={MAX_TOASTS} autoClose={TIMINGS_MS.toast} position="top-center" />;
}
