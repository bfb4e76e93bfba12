import "@mantine/core/styles/SimpleGrid.css";
import { Alert, Box, Button, Group, SimpleGrid, Stack, Title } from "@mantine/core";
import { IconCopy, IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadText } from "../../components/download.ts";
import { ActionFeedback } from "./ActionFeedback.tsx";

export interface BackupCodesProps {
  codes: readonly string[];
  email: string;
  onDone: () => void;
}

/** Backup codes, shown once: copy them, download them, and say they are stored. */
export function BackupCodes({ codes, email, onDone }: BackupCodesProps) {
  const { t } = useTranslation("account");
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const text = codes.join("\n");

  const copyCodes = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t("twoFactor.backupTitle")}
      </Title>
      <Alert color="yellow" variant="light" role="note">
        {t("twoFactor.backupWarning")}
      </Alert>
      <SimpleGrid
        component="ul"
        aria-label={t("twoFactor.backupListLabel")}
        cols={{ base: 2, sm: 5 }}
        spacing="xs"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
      >
        {codes.map((code) => (
          <Box component="li" key={code} ff="monospace" fz="md" p={4}>
            {code}
          </Box>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Button variant="default" leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={copyCodes}>
          {t("twoFactor.copyCodes")}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          onClick={() =>
            downloadText(
              "kinfile-backup-codes.txt",
              `${t("twoFactor.downloadHeader", { email })}\n\n${text}\n`,
            )
          }
        >
          {t("twoFactor.download")}
        </Button>
        <Button onClick={onDone}>{t("twoFactor.storedDone")}</Button>
      </Group>
      <ActionFeedback
        success={copy === "copied" ? t("twoFactor.copied") : null}
        error={copy === "failed" ? t("twoFactor.copyFailed") : null}
      />
    </Stack>
  );
}
