import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Progress.css";
import { Button, Checkbox, FileInput, Group, List, Progress, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ARCHIVE_LIMITS } from "../../../domain/limits.ts";
import type { ImportSummary } from "../../../domain/schemas/file-export.ts";
import { ApiError } from "../../api/client.ts";
import { formError } from "../../api/errorMessages.ts";
import { currentLanguage } from "../../i18n/i18n.ts";
import { showToast } from "../../shell/toast.ts";
import { AccountSection } from "./AccountSection.tsx";
import { ActionFeedback } from "./ActionFeedback.tsx";
import { exportUrl, importFile } from "./accountApi.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { ConfirmPasswordModal } from "./ConfirmPasswordModal.tsx";

/** The browser downloads the archive itself, straight to disk, however large it is. */
function startDownload(url: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  link.click();
}

/** The largest archive an import takes, as the form words it. */
const ARCHIVE_MEGABYTES = ARCHIVE_LIMITS.archiveBytesMax / (1024 * 1024);

/** The problems a refused import names (field path -> message), shown under its reason. */
function problemsOf(error: unknown): [string, string][] {
  if (!(error instanceof ApiError)) return [];
  return Object.entries(error.fields).filter(([field]) => field !== "file");
}

/**
 * "Your data": the whole file exported as a ZIP (its secrets only if asked, after the password),
 * and such a ZIP imported into an empty file, with a confirmation, its progress and its outcome.
 */
/** "2 records, 1 person and 3 files": each count in its plural form, joined as the language joins a list. */
function countList(t: TFunction<"account">, language: string, counts: Record<string, number>): string {
  const phrases = Object.entries(counts).map(([noun, count]) =>
    t(`yourData.import.count.${noun}`, { count }),
  );
  return new Intl.ListFormat(language, { type: "conjunction" }).format(phrases);
}

export function YourDataSection() {
  const { t, i18n } = useTranslation("account");
  const language = currentLanguage(i18n);
  const queryClient = useQueryClient();
  const [withSecrets, setWithSecrets] = useState(false);
  const [askingPassword, setAskingPassword] = useState(false);
  const [exported, setExported] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const download = useCallback((secrets: boolean) => {
    startDownload(exportUrl(secrets));
    setExported(true);
  }, []);
  const confirmed = useCallback(() => {
    setAskingPassword(false);
    download(true);
  }, [download]);

  const restore = useMutation({
    mutationFn: importFile,
    onSuccess: async (answer) => {
      setSummary(answer);
      setFile(null);
      showToast(
        t("yourData.import.done", {
          list: countList(t, language, {
            records: answer.records,
            persons: answer.persons,
            files: answer.files,
          }),
        }),
      );
      // Everything the app shows may have changed.
      await queryClient.invalidateQueries();
    },
  });

  // Said before the upload starts: the server would refuse it anyway, after the wait.
  const tooLarge = file !== null && file.size > ARCHIVE_LIMITS.archiveBytesMax;

  const startExport = () => {
    setExported(false);
    if (withSecrets) setAskingPassword(true);
    else download(false);
  };

  return (
    <AccountSection title={t("yourData.heading")} description={t("yourData.intro")}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("yourData.export.heading")}
        </Title>
        <Text>{t("yourData.export.explain")}</Text>
        <Checkbox
          label={t("yourData.export.secrets")}
          description={t("yourData.export.secretsHint")}
          checked={withSecrets}
          onChange={(event) => setWithSecrets(event.currentTarget.checked)}
        />
        <Group>
          <Button onClick={startExport}>{t("yourData.export.submit")}</Button>
        </Group>
        <ActionFeedback success={exported ? t("yourData.export.started") : null} />
      </Stack>

      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("yourData.import.heading")}
        </Title>
        <Text>{t("yourData.import.explain")}</Text>
        <FileInput
          label={t("yourData.import.file")}
          accept=".zip,application/zip"
          description={t("yourData.import.limit", { megabytes: ARCHIVE_MEGABYTES })}
          error={tooLarge ? t("yourData.import.tooLarge", { megabytes: ARCHIVE_MEGABYTES }) : undefined}
          value={file}
          onChange={(chosen) => {
            setFile(chosen);
            setSummary(null);
            restore.reset();
          }}
          clearable
          clearButtonProps={{ "aria-label": t("yourData.import.clear") }}
          maw={420}
        />
        <Group>
          <Button
            onClick={() => setConfirming(true)}
            disabled={file === null || tooLarge}
            loading={restore.isPending}
          >
            {t("yourData.import.submit")}
          </Button>
        </Group>
        {restore.isPending && (
          <Stack gap={4} maw={420}>
            <Text size="sm">{t("yourData.import.progress")}</Text>
            <Progress value={100} animated striped aria-label={t("yourData.import.progress")} />
          </Stack>
        )}
        <ActionFeedback
          success={
            summary === null
              ? null
              : t("yourData.import.summary", {
                  list: countList(t, language, {
                    persons: summary.persons,
                    addresses: summary.addresses,
                    institutions: summary.institutions,
                    records: summary.records,
                    documents: summary.documents,
                    comments: summary.comments,
                    nominees: summary.nominees,
                  }),
                })
          }
          error={restore.isError ? formError(t, restore.error) : null}
        />
        {restore.isError && problemsOf(restore.error).length > 0 && (
          <List size="sm" aria-label={t("yourData.import.problems")}>
            {problemsOf(restore.error).map(([field, message]) => (
              <List.Item key={field}>
                <code>{field}</code>: {message}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>

      <ConfirmPasswordModal
        opened={askingPassword}
        prompt={t("yourData.export.passwordPrompt")}
        onConfirmed={confirmed}
        onCancel={() => setAskingPassword(false)}
      />
      <ConfirmDialog
        opened={confirming}
        title={t("yourData.import.confirmTitle")}
        body={t("yourData.import.confirmBody", { name: file?.name ?? "" })}
        confirmLabel={t("yourData.import.submit")}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (file !== null) restore.mutate(file);
        }}
      />
    </AccountSection>
  );
}
