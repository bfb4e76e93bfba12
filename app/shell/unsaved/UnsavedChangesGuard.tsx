import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/Overlay.css";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { WIDTHS_PX } from "../../../domain/limits.ts";
import { MODAL_STYLES } from "../modalStyles.ts";
import { useUnsavedChangesGuard } from "./useUnsavedChangesGuard.ts";

/**
 * Asks before leaving a form with unsaved changes (spec section 4): the Save the Record dialog,
 * and the Notification when required fields are missing. Mounted once, in the dashboard frame.
 */
export function UnsavedChangesGuard() {
  const { t } = useTranslation("common");
  const guard = useUnsavedChangesGuard();
  const asking = guard.step === "ask" || guard.step === "saving";
  const closeLabel = { "aria-label": t("unsaved.close") };

  return (
    <>
      <Modal
        opened={asking}
        onClose={guard.stay}
        title={t("unsaved.title")}
        size={WIDTHS_PX.confirmDialog}
        closeButtonProps={closeLabel}
        closeOnClickOutside={guard.step !== "saving"}
        centered
        styles={MODAL_STYLES}
      >
        <Stack gap="lg">
          <Text>{t("unsaved.question")}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={guard.leave} disabled={guard.step === "saving"}>
              {t("unsaved.no")}
            </Button>
            <Button onClick={guard.saveAndLeave} loading={guard.step === "saving"} data-autofocus>
              {t("unsaved.yes")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={guard.step === "invalid"}
        onClose={guard.stay}
        title={t("unsaved.noticeTitle")}
        size={WIDTHS_PX.confirmDialog}
        closeButtonProps={closeLabel}
        centered
        styles={MODAL_STYLES}
      >
        <Stack gap="lg">
          <Text role="alert">{t("unsaved.missingFields")}</Text>
          <Group justify="flex-end">
            <Button onClick={guard.stay} data-autofocus>
              {t("unsaved.okay")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
