import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { WIDTHS_PX } from "../../../domain/limits.ts";
import { Dialog } from "../../components/dialogs/Dialog.tsx";
import { useAccount } from "../../session/account.ts";
import { confirmPassword } from "./accountApi.ts";
import { PasswordPrompt } from "./PasswordPrompt.tsx";

export interface ConfirmPasswordModalProps {
  opened: boolean;
  /** Why the password is asked, e.g. "Enter your password to include your secrets in the export." */
  prompt: string;
  /** The button that confirms, e.g. "Continue". */
  submitLabel?: string;
  /** The password was right: the session may do what needs it for the next five minutes. */
  onConfirmed: () => void;
  onCancel: () => void;
}

/**
 * The account password asked again before secrets leave the server (an export or a binder with
 * them): POST /api/account/confirm-password, then `onConfirmed`. Any screen may open it. An account
 * without a password has nothing to type: it goes on at once, and the server decides by how
 * recently it signed in.
 */
export function ConfirmPasswordModal({
  opened,
  prompt,
  submitLabel,
  onConfirmed,
  onCancel,
}: ConfirmPasswordModalProps) {
  const { t } = useTranslation("account");
  const hasPassword = useAccount().data?.hasPassword ?? true;
  const confirm = useMutation({ mutationFn: confirmPassword, onSuccess: () => onConfirmed() });
  const { reset } = confirm;

  useEffect(() => {
    if (!opened) reset();
  }, [opened, reset]);
  useEffect(() => {
    if (opened && !hasPassword) onConfirmed();
  }, [opened, hasPassword, onConfirmed]);

  return (
    <Dialog
      opened={opened && hasPassword}
      onClose={onCancel}
      title={t("confirmPassword.title")}
      size={WIDTHS_PX.confirmDialog}
      closeButtonProps={{ "aria-label": t("actions.close") }}
      centered
    >
      <PasswordPrompt
        prompt={prompt}
        submitLabel={submitLabel ?? t("confirmPassword.submit")}
        onSubmit={(password) => confirm.mutate(password)}
        onCancel={onCancel}
        pending={confirm.isPending}
        error={confirm.error}
      />
    </Dialog>
  );
}
