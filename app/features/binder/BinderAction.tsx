import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Progress.css";
import { Button, Checkbox, Group, Progress, Stack, Text } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode, formError } from "../../api/errorMessages.ts";
import { FormDialog } from "../../components/dialogs/FormDialog.tsx";
import { saveBlob } from "../../components/download.ts";
import { useOpenFile } from "../../session/useOpenFile.ts";
import { showToast } from "../../shell/toast.ts";
import { ConfirmPasswordModal } from "../account/ConfirmPasswordModal.tsx";
import { type BinderOptions, type BinderSource, binderPath, fetchBinder } from "./binderApi.ts";

export interface BinderActionProps {
  source: BinderSource;
  /** The button's words: "Emergency binder (PDF)", "Binder of this module (PDF)"... */
  label: string;
  /** What the binder holds, said in the dialog. */
  description: string;
  /** Told once a binder is saved (the home shows when the last one was made). */
  onMade?: () => void;
}

type Making = { state: "idle" } | { state: "making"; bytes: number } | { state: "failed"; error: unknown };

/**
 * One action that makes an emergency binder: a dialog with its options (the attached PDFs
 * appended; for the owner, secrets in clear after the password is asked again), the progress while
 * the server makes it, and the PDF saved as a download.
 */
export function BinderAction({ source, label, description, onMade }: BinderActionProps) {
  const { t } = useTranslation("binder");
  const [opened, setOpened] = useState(false);
  const [options, setOptions] = useState<BinderOptions>({ files: false, secrets: false });
  const [askingPassword, setAskingPassword] = useState(false);
  const [making, setMaking] = useState<Making>({ state: "idle" });
  const abort = useRef<AbortController | null>(null);
  // In an owner's file the binder is of the collaborator's scope: secrets only when it holds them.
  const file = useOpenFile();
  const isOwner = source.kind === "owner";
  const offersSecrets = isOwner && (file === null || file.scope.secrets);

  const make = useCallback(async () => {
    const controller = new AbortController();
    abort.current = controller;
    setMaking({ state: "making", bytes: 0 });
    try {
      const made = await fetchBinder(binderPath(source, options), {
        signal: controller.signal,
        onProgress: (bytes) => setMaking({ state: "making", bytes }),
        fallbackName: `${t("title")}.pdf`,
      });
      saveBlob(made.fileName, made.blob);
      setMaking({ state: "idle" });
      setOpened(false);
      showToast(t("app.done"));
      onMade?.();
    } catch (error) {
      if (controller.signal.aborted) return setMaking({ state: "idle" });
      // The password's five minutes ran out between the two steps: ask for it again.
      if (errorCode(error) === "password_not_confirmed") {
        setMaking({ state: "idle" });
        return setAskingPassword(true);
      }
      setMaking({ state: "failed", error });
    } finally {
      abort.current = null;
    }
  }, [source, options, t, onMade]);

  const confirmed = useCallback(() => {
    setAskingPassword(false);
    void make();
  }, [make]);

  const start = () => {
    if (offersSecrets && options.secrets) setAskingPassword(true);
    else void make();
  };
  const close = () => {
    abort.current?.abort();
    setMaking({ state: "idle" });
    setOpened(false);
  };
  const busy = making.state === "making";

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {label}
      </Button>
      <FormDialog opened={opened} title={t("app.title")} onClose={close}>
        <Stack gap="md">
          <Text>{description}</Text>
          <Checkbox
            label={t("app.files")}
            description={t("app.filesHint")}
            checked={options.files}
            disabled={busy}
            onChange={(event) => setOptions({ ...options, files: event.currentTarget.checked })}
          />
          {offersSecrets && (
            <Checkbox
              label={t("app.secrets")}
              description={t("app.secretsHint")}
              checked={options.secrets}
              disabled={busy}
              onChange={(event) => setOptions({ ...options, secrets: event.currentTarget.checked })}
            />
          )}
          {busy && (
            <Stack gap={4}>
              <Text size="sm" role="status">
                {making.bytes === 0
                  ? t("app.making")
                  : t("app.received", { size: (making.bytes / 1024 / 1024).toFixed(1) })}
              </Text>
              <Progress value={100} animated striped aria-label={t("app.making")} />
            </Stack>
          )}
          {making.state === "failed" && (
            <Text c="var(--mantine-color-error)" role="alert">
              {formError(t, making.error)}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("app.cancel")}
            </Button>
            <Button onClick={start} loading={busy} data-testid="make-binder">
              {t("app.make")}
            </Button>
          </Group>
        </Stack>
      </FormDialog>
      {offersSecrets && (
        <ConfirmPasswordModal
          opened={askingPassword}
          prompt={t(file === null ? "app.passwordPrompt" : "app.collaboratorPasswordPrompt")}
          onConfirmed={confirmed}
          onCancel={() => setAskingPassword(false)}
        />
      )}
    </>
  );
}
