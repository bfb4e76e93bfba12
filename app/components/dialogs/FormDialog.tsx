import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { WIDTHS_PX } from "../../../domain/limits.ts";
import { Dialog } from "./Dialog.tsx";

export interface FormDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A dialog over a list: a create form, or what it made. The new row shows in the list as soon as
 * it closes. Its content unmounts on close: each opening starts from an empty form.
 */
export function FormDialog({ opened, title, onClose, children }: FormDialogProps) {
  const { t } = useTranslation("forms");
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={title}
      size={WIDTHS_PX.formModal}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
    >
      {children}
    </Dialog>
  );
}
