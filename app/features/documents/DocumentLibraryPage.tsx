import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { hasFullAccess } from "../../../domain/roles.ts";
import { DeleteRecordDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { useAccount } from "../../session/account.ts";
import { useCanEditFile } from "../../session/useOpenFile.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { isReadOnlySource, useRecordSource } from "../records/recordSource.tsx";
import type { DocumentItem } from "./api.ts";
import { DocumentBlock } from "./DocumentBlock.tsx";
import { LibraryDropZone } from "./LibraryDropZone.tsx";
import { LibraryFilters } from "./LibraryFilters.tsx";
import { ALL_DOCUMENTS, type LibraryQuery, viewLibrary } from "./libraryView.ts";
import { LIBRARY_PATH, useDeleteDocument, useDocumentsOnRecords, useLibraryDocuments } from "./queries.ts";

/** The record a document is attached to, or its category's list when the record is not known. */
function recordPathOf(document: DocumentItem): string {
  const list = `/dashboard/${document.module}/${document.type}`;
  return document.assignedDocument ? `${list}/view/${document.assignedDocument}` : list;
}

/**
 * /dashboard/inventory/documentlibrary: every document of the library, each with its actions, then
 * the files attached to the owner's records, each linked to its record. The library's own can be
 * searched by name, filtered by module and type of file and sorted; a file dropped on the page opens
 * the add page with it chosen. On a file shared with me:
 * the owner's library documents, read-only (Download and, for PDFs, View); with view rights, the
 * same, without Add, dropping a file, editing or deleting.
 */
export function DocumentLibraryPage() {
  const { t } = useTranslation(["documents", "shared-with-me"]);
  const source = useRecordSource();
  const readOnly = isReadOnlySource(source);
  const canEdit = useCanEditFile() && !readOnly;
  const title = t("library.title");
  usePageTitle(title);
  const documents = useLibraryDocuments();
  const onRecords = useDocumentsOnRecords(!readOnly);
  const attached = onRecords.data ?? [];
  const canDelete = hasFullAccess(useAccount().data?.roles ?? []);
  const remove = useDeleteDocument();
  const [deleting, setDeleting] = useState<DocumentItem | null>(null);
  const onRecordsId = useId();
  const [query, setQuery] = useState<LibraryQuery>(ALL_DOCUMENTS);
  const shown = documents.data ? viewLibrary(documents.data, query) : [];

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
        {canEdit && (
          <Button
            component={Link}
            to={`${LIBRARY_PATH}/add`}
            leftSection={<IconPlus size={18} aria-hidden="true" />}
          >
            {t("library.add")}
          </Button>
        )}
      </Group>
      {canEdit && <LibraryDropZone />}
      {documents.data && documents.data.length > 0 && (
        <LibraryFilters documents={documents.data} query={query} onChange={setQuery} />
      )}
      {documents.isPending ? (
        <PageLoader />
      ) : documents.isError ? (
        <Alert color="red.8" variant="light" role="alert">
          {t("library.loadFailed")}
        </Alert>
      ) : documents.data.length === 0 && attached.length === 0 ? (
        <Paper withBorder p="xl">
          <Text>{readOnly ? t("shared-with-me:file.libraryEmpty") : t("library.empty")}</Text>
        </Paper>
      ) : documents.data.length > 0 && shown.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack gap="sm" align="flex-start">
            <Text role="status">{t("library.noMatch")}</Text>
            <Button variant="default" onClick={() => setQuery(ALL_DOCUMENTS)}>
              {t("library.clear")}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {shown.map((document) => (
            <li key={document.id}>
              {!canEdit ? (
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
      {attached.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby={onRecordsId}>
          <Title order={2} size="h3" id={onRecordsId}>
            {t("library.onRecords")}
          </Title>
          <Text c="dimmed">{t("library.onRecordsIntro")}</Text>
          <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
            {attached.map((document) => (
              <li key={document.id}>
                <DocumentBlock
                  document={document}
                  renderLink={(children) => (
                    <Anchor component={Link} to={recordPathOf(document)}>
                      {children}
                    </Anchor>
                  )}
                />
              </li>
            ))}
          </Stack>
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
