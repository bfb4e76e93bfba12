import { Button, VisuallyHidden } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../api/errorMessages.ts";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { showToast } from "../../shell/toast.ts";

export interface ArchiveActionProps {
  /** What the row holds, so each row's button has its own spoken name. */
  name: string;
  title: string;
  question: string;
  /** The toast once archived. */
  done: string;
  archive: () => Promise<unknown>;
}

/**
 * A row's Archive button and its confirmation. Archiving takes the row out of use but keeps it:
 * subscriptions, redeemed codes and donations still point at it.
 */
export function ArchiveAction({ name, title, question, done, archive }: ArchiveActionProps) {
  const { t } = useTranslation(["admin", "common"]);
  const [opened, setOpened] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setOpened(false);
    setFailure(null);
  };

  const confirm = async () => {
    setPending(true);
    setFailure(null);
    try {
      await archive();
      showToast(done);
      close();
    } catch (error) {
      setFailure(errorMessage(t, error));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)}>
        {t("archive.button")} <VisuallyHidden>{name}</VisuallyHidden>
      </Button>
      <ConfirmDialog
        opened={opened}
        title={title}
        confirmLabel={t("archive.confirm")}
        cancelLabel={t("cancel")}
        onConfirm={() => void confirm()}
        onCancel={close}
        pending={pending}
        error={failure}
        destructive
      >
        {question}
      </ConfirmDialog>
    </>
  );
}
