import { lazy, Suspense } from "react";
import { useUnsavedChangesGuard } from "./useUnsavedChangesGuard.ts";

// The dialogs (Mantine's modal and their translations) load only when a reader tries to leave a
// dirty form.
const GuardDialogs = lazy(() => import("./GuardDialogs.tsx").then((m) => ({ default: m.GuardDialogs })));

/**
 * Asks before leaving a form with unsaved changes (spec section 4): the Save the Record dialog,
 * and the Notification when required fields are missing. Mounted once, in the dashboard frame,
 * from its first drawing: the blocker must hold from the moment a form can be typed in, or a reader
 * quick to leave would lose what they typed without being asked.
 */
export function UnsavedChangesGuard() {
  const guard = useUnsavedChangesGuard();
  if (guard.step === "idle") return null;
  return (
    <Suspense fallback={null}>
      <GuardDialogs guard={guard} />
    </Suspense>
  );
}
