import { useTranslation } from "react-i18next";
import { NotificationDialog, SaveRecordDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import type { UnsavedChangesGuard } from "./useUnsavedChangesGuard.ts";

/** The guard's two dialogs: the Save the Record question and the missing-fields notice. */
export function GuardDialogs({ guard }: { guard: UnsavedChangesGuard }) {
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
