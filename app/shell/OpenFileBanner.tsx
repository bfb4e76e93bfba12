import { Alert, Button, Group, Text } from "@mantine/core";
import { IconFolder } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { dismissEndedFile } from "../api/openFile.ts";
import { BinderAction } from "../features/binder/BinderAction.tsx";
import { openOwnFile } from "../session/openOwnFile.ts";
import { useClosedFile, useOpenFile } from "../session/useOpenFile.ts";

/**
 * Whose file is open, above every screen while it is an owner's the user helps with; once the
 * file closed (the owner ended the access, or the owner's account is suspended), which and that the
 * user is back in their own file.
 */
export function OpenFileBanner() {
  const { t } = useTranslation(["common", "binder"]);
  const open = useOpenFile();
  const closed = useClosedFile();
  if (open !== null) {
    return (
      <Alert color="blue" icon={<IconFolder aria-hidden="true" />} mb="md" role="status" aria-live="polite">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {t("file.workingIn", { name: open.ownerName })}
            {open.rights === "view" && ` ${t("file.readOnly")}`}
          </Text>
          <Group gap="xs" wrap="wrap">
            {/* The binder of what the user helps with: their scope of the owner's file. */}
            <BinderAction
              source={{ kind: "owner" }}
              label={t("binder:app.whole.label")}
              description={t("binder:app.collaborator.description", { owner: open.ownerName })}
            />
            <Button size="xs" variant="default" onClick={openOwnFile}>
              {t("file.backToMine")}
            </Button>
          </Group>
        </Group>
      </Alert>
    );
  }
  if (closed === null) return null;
  return (
    <Alert
      color="orange"
      mb="md"
      role="alert"
      withCloseButton
      closeButtonLabel={t("file.dismiss")}
      onClose={dismissEndedFile}
    >
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {t(closed.reason === "suspended" ? "file.suspended" : "file.ended", { name: closed.ownerName })}
      </Text>
    </Alert>
  );
}
