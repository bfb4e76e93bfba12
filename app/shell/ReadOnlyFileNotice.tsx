import { Alert, Stack, Text, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { useCanEditFile, useOpenFile } from "../session/useOpenFile.ts";
import { BackArrow } from "./BackArrow.tsx";
import { listPathOf } from "./recordPaths.ts";
import { usePageTitle } from "./usePageTitle.ts";

/** What an add or edit page says in an owner's file opened with view rights, instead of a form the server refuses. */
export function ReadOnlyFileNotice() {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const owner = useOpenFile()?.ownerName ?? "";
  const title = t("file.readOnlyForm.title");
  usePageTitle(title);
  return (
    <Stack gap="lg" maw={720}>
      <BackArrow to={listPathOf(pathname)} />
      <Title order={1}>{title}</Title>
      <Alert color="blue" variant="light" icon={<IconLock aria-hidden="true" />} role="status">
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {t("file.readOnlyForm.body", { name: owner })}
        </Text>
      </Alert>
    </Stack>
  );
}

/** A form page that shows the read-only notice instead of itself when the file open takes no changes. */
export function editableFileOnly<P extends object>(Form: ComponentType<P>): ComponentType<P> {
  function EditableFileForm(props: P) {
    return useCanEditFile() ? <Form {...props} /> : <ReadOnlyFileNotice />;
  }
  return EditableFileForm;
}
