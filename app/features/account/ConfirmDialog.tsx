import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { WIDTHS_PX } from "../../../domain/limits.ts";
import { Dialog } from "../../components/dialogs/Dialog.tsx";

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  error?: string | null;
}

/** A destructive action's last question (the spec's confirm dialog width, 477 px); Cancel has the focus. */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel,
  onConfirm,
  onCancel,
  pending = false,
  error = null,
}: ConfirmDialogProps) {
  const { t } = useTranslation("account");
  return (
    <Dialog
      opened={opened}
      onClose={onCancel}
      title={title}
      size={WIDTHS_PX.confirmDialog}
      closeButtonProps={{ "aria-label": t("actions.close") }}
      centered
    >
      <Stack gap="lg">
        <Text>{body}</Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t("actions.cancel")}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
