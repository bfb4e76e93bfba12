import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { WIDTHS_PX } from "../../../domain/limits.ts";
import { Dialog } from "./Dialog.tsx";

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question; a string is set as a paragraph. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** The answer "no". */
  onCancel: () => void;
  /** Escape, the close button or a click outside; defaults to onCancel. */
  onClose?: () => void;
  /** Shows the confirm button busy (the action is running). */
  pending?: boolean;
  /** Paints the confirm button red: the action destroys something. */
  destructive?: boolean;
  /** A failure of the action, shown above the buttons. */
  error?: string | null;
}

/**
 * The spec's confirmation dialog (477 px): a question with "no" first and "yes" last. The "no"
 * button takes the focus, so Enter never confirms by accident.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  onClose,
  pending = false,
  destructive = false,
  error = null,
}: ConfirmDialogProps) {
  const { t } = useTranslation("forms");
  return (
    <Dialog
      opened={opened}
      onClose={onClose ?? onCancel}
      title={title}
      size={WIDTHS_PX.confirmDialog}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
      centered
    >
      <Stack gap="lg">
        {typeof children === "string" ? <Text>{children}</Text> : children}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending} data-autofocus>
            {cancelLabel}
          </Button>
          <Button color={destructive ? "red" : undefined} onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

export interface DeleteRecordDialogProps {
  opened: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  error?: string | null;
}

/** "Delete the Record": "Are you sure you want to delete this record?" No / Yes. */
export function DeleteRecordDialog(props: DeleteRecordDialogProps) {
  const { t } = useTranslation("forms");
  return (
    <ConfirmDialog
      {...props}
      title={t("dialog.deleteRecord.title")}
      confirmLabel={t("dialog.yes")}
      cancelLabel={t("dialog.no")}
      destructive
    >
      {t("dialog.deleteRecord.question")}
    </ConfirmDialog>
  );
}

export interface SaveRecordDialogProps {
  opened: boolean;
  /** Save, then leave. */
  onYes: () => void;
  /** Leave without saving. */
  onNo: () => void;
  /** Stay on the page (Escape, close button). */
  onClose: () => void;
  pending?: boolean;
  error?: string | null;
}

/** "Save the Record": "Do you want to save your changes?" No / Yes; closing stays on the page. */
export function SaveRecordDialog({ onYes, onNo, ...props }: SaveRecordDialogProps) {
  const { t } = useTranslation("forms");
  return (
    <ConfirmDialog
      {...props}
      onConfirm={onYes}
      onCancel={onNo}
      title={t("dialog.saveRecord.title")}
      confirmLabel={t("dialog.yes")}
      cancelLabel={t("dialog.no")}
    >
      {t("dialog.saveRecord.question")}
    </ConfirmDialog>
  );
}

export interface ReplaceFileDialogProps {
  opened: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** "This will replace the existing file" / "Do you want to continue ?" No / Yes. */
export function ReplaceFileDialog(props: ReplaceFileDialogProps) {
  const { t } = useTranslation("forms");
  return (
    <ConfirmDialog
      opened={props.opened}
      onConfirm={props.onYes}
      onCancel={props.onNo}
      title={t("dialog.replaceFile.title")}
      confirmLabel={t("dialog.yes")}
      cancelLabel={t("dialog.no")}
    >
      {t("dialog.replaceFile.question")}
    </ConfirmDialog>
  );
}

export interface NotificationDialogProps {
  opened: boolean;
  message: string;
  /** Defaults to "Notification". */
  title?: string;
  onClose: () => void;
}

/** The spec's notification modal: a message and an Okay button (which has the focus). */
export function NotificationDialog({ opened, message, title, onClose }: NotificationDialogProps) {
  const { t } = useTranslation("forms");
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={title ?? t("dialog.notification.title")}
      size={WIDTHS_PX.confirmDialog}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
      centered
    >
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t("dialog.okay")}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
