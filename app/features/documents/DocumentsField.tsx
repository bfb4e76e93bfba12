import { Alert, Group, Stack, Text } from "@mantine/core";
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../domain/limits.ts";
import { hasFullAccess } from "../../../domain/roles.ts";
import { DeleteRecordDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { HelpHint } from "../../components/HelpHint.tsx";
import { useAccount } from "../../session/account.ts";
import { showToast } from "../../shell/toast.ts";
import { useRecordSource } from "../records/recordSource.tsx";
import {
  type DocumentItem,
  type DocumentRef,
  deleteDocument,
  discardPendingUpload,
  saveDocument,
} from "./api.ts";
import { DocumentBlock } from "./DocumentBlock.tsx";
import { documentsQueryKey } from "./queries.ts";
import { UploadControl } from "./UploadControl.tsx";
import { useDocumentFile } from "./useDocumentFile.ts";

export interface DocumentsFieldProps {
  /** The ids of the documents attached to the record. */
  value: string[];
  onChange: (ids: string[]) => void;
  /** The record's module and category: the attached documents are filed there. */
  module: string;
  category: string;
  /** The field's label; defaults to "Documents". */
  label?: string;
}

/** The documents of `ids`, each read from its module and category (of the file being read). */
function useAttachedDocuments(ids: readonly string[], module: string, category: string) {
  const source = useRecordSource();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: source.queryKey([...documentsQueryKey, "one", module, category, id]),
      queryFn: () => source.document({ module, type: category, id }),
    })),
  });
}

/**
 * The files uploaded while the field is on screen. Each is a pending upload, on no record and in
 * no list until the record's save links it; when the form goes (saved, cancelled, left through the
 * unsaved-changes guard), they are discarded, which the server does only to those still pending.
 */
function usePendingUploads() {
  const uploaded = useRef(new Set<string>());
  useEffect(() => {
    const ids = uploaded.current;
    return () => {
      for (const id of ids) void discardPendingUpload(id).catch(() => undefined);
    };
  }, []);
  return uploaded.current;
}

/**
 * A record's `documents` field: its attached files with Download and (PDF) View, "Upload File"
 * to attach another (a pending document filed under the record's module and category, then its
 * file), and removal after the "Delete the Record" confirmation.
 */
export function DocumentsField({ value, onChange, module, category, label }: DocumentsFieldProps) {
  const { t } = useTranslation("documents");
  const labelId = useId();
  const queryClient = useQueryClient();
  const canDelete = hasFullAccess(useAccount().data?.roles ?? []);
  const attached = useAttachedDocuments(value, module, category);
  const [removing, setRemoving] = useState<DocumentRef | null>(null);
  const [removePending, setRemovePending] = useState(false);
  const file = useDocumentFile(() => void queryClient.invalidateQueries({ queryKey: documentsQueryKey }));
  const pending = usePendingUploads();

  const attach = async (picked: File) => {
    let id: string;
    try {
      id = await saveDocument({
        module,
        type: category,
        assignedModule: module,
        assignedType: category,
        pending: true,
      });
    } catch {
      showToast(t("toast.failed"), "error");
      return;
    }
    pending.add(id);
    const stored = await file.upload({ module, type: category, id }, picked);
    if (stored) onChange([...value, id]);
    else await deleteDocument({ module, type: category, id }).catch(() => undefined);
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setRemovePending(true);
    try {
      await deleteDocument(removing);
      onChange(value.filter((id) => id !== removing.id));
      setRemoving(null);
    } catch {
      showToast(t("toast.failed"), "error");
    } finally {
      setRemovePending(false);
    }
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby={labelId}>
      <Group gap={4} wrap="nowrap" align="center">
        <Text id={labelId} fw={500} size="sm">
          {label ?? t("attached.label")}
        </Text>
        <HelpHint
          topic={label ?? t("attached.label")}
          hint={t("attached.hint", { megabytes: LIMITS.uploadBytesMax / (1024 * 1024) })}
          kind="fieldGroup"
        />
      </Group>
      <AttachedList documents={attached.map((query) => query.data)} failed={attached.some((q) => q.isError)}>
        {(document) => (
          <DocumentBlock document={document} canDelete={canDelete} onDelete={() => setRemoving(document)} />
        )}
      </AttachedList>
      {/* Each attachment is its own document, so the control never holds a file to replace. */}
      <UploadControl fileName={null} onChoose={attach} uploading={file.uploading} percent={file.percent} />
      <DeleteRecordDialog
        opened={removing !== null}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
        pending={removePending}
      />
    </Stack>
  );
}

export interface DocumentsViewProps {
  value: string[];
  module: string;
  category: string;
  /** The record they are attached to: a shared file reads them with it, in one call. */
  recordId?: string;
}

/** A `documents` field read-only: the attached files with Download and (PDF) View. */
export function DocumentsView({ value, module, category, recordId }: DocumentsViewProps) {
  const lookups = useRecordSource().byId;
  return lookups && recordId ? (
    <SharedAttachedView value={value} recordId={recordId} read={lookups.documentsOfRecord} />
  ) : (
    <OwnAttachedView value={value} module={module} category={category} />
  );
}

function OwnAttachedView({ value, module, category }: Omit<DocumentsViewProps, "recordId">) {
  const attached = useAttachedDocuments(value, module, category);
  return (
    <AttachedList documents={attached.map((query) => query.data)} failed={attached.some((q) => q.isError)}>
      {(document) => <DocumentBlock document={document} />}
    </AttachedList>
  );
}

/** A shared record's files, in the order the record lists them. */
function SharedAttachedView({
  value,
  recordId,
  read,
}: {
  value: string[];
  recordId: string;
  read: (recordId: string) => Promise<DocumentItem[]>;
}) {
  const source = useRecordSource();
  const attached = useQuery({
    queryKey: source.queryKey([...documentsQueryKey, "record", recordId]),
    queryFn: () => read(recordId),
  });
  const byId = new Map((attached.data ?? []).map((document) => [document.id, document]));
  return (
    <AttachedList
      documents={
        attached.data
          ? value.map((id) => byId.get(id)).filter((d) => d !== undefined)
          : value.map(() => undefined)
      }
      failed={attached.isError}
    >
      {(document) => <DocumentBlock document={document} />}
    </AttachedList>
  );
}

function AttachedList({
  documents,
  failed,
  children,
}: {
  documents: (DocumentItem | undefined)[];
  failed: boolean;
  children: (document: DocumentItem) => ReactNode;
}) {
  const { t } = useTranslation("documents");
  const loaded = documents.filter((document): document is DocumentItem => document !== undefined);
  return (
    <>
      {failed && (
        <Alert color="red.8" variant="light" role="alert">
          {t("library.loadFailed")}
        </Alert>
      )}
      {documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("attached.empty")}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {loaded.map((document) => (
            <li key={document.id}>{children(document)}</li>
          ))}
        </Stack>
      )}
    </>
  );
}
