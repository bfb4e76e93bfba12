import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { hasFullAccess } from "../../../domain/roles.ts";
import { DeleteRecordDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { useAccount } from "../../session/account.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { isReadOnlySource, useRecordSource } from "../records/recordSource.tsx";
import type { DocumentItem } from "./api.ts";
import { DocumentBlock } from "./DocumentBlock.tsx";
import { LIBRARY_PATH, useDeleteDocument, useLibraryDocuments } from "./queries.ts";

/**
 * /dashboard/inventory/documentlibrary: every document of the library, each with its actions. On
 * a file shared with me: the owner's documents, read-only (Download and, for PDFs, View).
 */
export function DocumentLibraryPage() {
  const { t } = useTranslation(["documents", "shared-with-me"]);
  const source = useRecordSource();
  const readOnly = isReadOnlySource(source);
  const title = t("library.title");
  usePageTitle(title);
  const documents = useLibraryDocuments();
  const canDelete = hasFullAccess(useAccount().data?.roles ?? []);
  const remove = useDeleteDocument();
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);

  return (
    <Stack gap="lg">
      {readOnly && <BackArrow to={source.basePath} />}
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" mt={4}>
            {readOnly ? t("shared-with-me:file.libraryIntro") : t("library.intro")}
          </Text>
        </div>
        {!readOnly && (
          <Button
            component={Link}
            to={`${LIBRARY_PATH}/add`}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t("library.add")}
          </Button>
        )}
      </Group>
      {documents.isPending ? (
        <PageLoader />
      ) : documents.isError ? (
        <Alert color="red.8" variant="light" role="alert">
          {t("library.loadFailed")}
        </Alert>
      ) : documents.data.length === 0 ? (
        <Paper withBorder p="xl">
          <Text>{readOnly ? t("shared-with-me:file.libraryEmpty") : t("library.empty")}</Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {documents.data.map((document) => (
            <li key={document.id}>
              {readOnly ? (
                <DocumentBlock document={document} />
              ) : (
                <DocumentBlock
                  document={document}
                  canDelete={canDelete}
                  onDelete={() => setDeleting(document)}
                  renderLink={(children) => (
                    <Anchor component={Link} to={`${LIBRARY_PATH}/edit/${document.id}`}>
                      {children}
                    </Anchor>
                  )}
                />
              )}
            </li>
          ))}
        </Stack>
      )}
      <DeleteRecordDialog
        opened={deleting !== null}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting, { onSuccess: () => setDeleting(null) });
        }}
        onCancel={() => setDeleting(null)}
        pending={remove.isPending}
        error={remove.isError ? t("toast.failed") : null}
      />
    </Stack>
  );
}
