import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { NotificationDialog, SaveRecordDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { type UnsavedChangesGuard as Guard, useUnsavedChangesGuard } from "./useUnsavedChangesGuard.ts";

function GuardDialogs({ guard }: { guard: Guard }) {
  const { t } = useTranslation("common");
  return (
    <>
      <SaveRecordDialog
        opened={guard.step === "ask" || guard.step === "saving"}
        onYes={guard.saveAndLeave}
        onNo={guard.leave}
        onClose={guard.stay}
        pending={guard.step === "saving"}
      />
      <NotificationDialog
        opened={guard.step === "invalid"}
        message={t("unsaved.missingFields")}
        onClose={guard.stay}
      />
    </>
  );
}

/**
 * Asks before leaving a form with unsaved changes (spec section 4): the Save the Record dialog,
 * and the Notification when required fields are missing. Mounted once, in the dashboard frame;
 * the dialogs (and their translations) load only when a reader tries to leave a dirty form.
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
