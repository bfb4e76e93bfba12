import { Alert, Button, Group, NativeSelect, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { optionLabelKey, optionsOf } from "../../../domain/catalog/optionLists.ts";
import { LIMITS } from "../../../domain/limits.ts";
import { hasFullAccess } from "../../../domain/roles.ts";
import { categoriesOf, fieldDef } from "../../../domain/sections/index.ts";
import { fieldLabelKey, moduleLabelKey } from "../../../domain/sections/labels.ts";
import { isRecordModule, RECORD_MODULES } from "../../../domain/sections/modules.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import { ApiError } from "../../api/client.ts";
import { DeleteRecordDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { useAccount } from "../../session/account.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { editableFileOnly } from "../../shell/ReadOnlyFileNotice.tsx";
import { showToast } from "../../shell/toast.ts";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { fetchRecord, recordQueryKeys } from "../records/recordsApi.ts";
import { type DocumentItem, LIBRARY_MODULE, LIBRARY_TYPE } from "./api.ts";
import { DocumentBlock } from "./DocumentBlock.tsx";
import { DocumentFileUpload } from "./DocumentFileUpload.tsx";
import { assignedTypeKey } from "./format.ts";
import { addLibraryEntry, type LibraryDetails, LibraryEntryError, saveLibraryEntry } from "./libraryEntry.ts";
import { documentsQueryKey, LIBRARY_PATH, useDeleteDocument, useDocument } from "./queries.ts";
import { SharedFileNotice, useSharedFile } from "./SharedFileNotice.tsx";
import { UploadControl } from "./UploadControl.tsx";
import { useDocumentFile } from "./useDocumentFile.ts";

type Values = LibraryDetails;

const EMPTY: Values = {
  description: "",
  lastName: "",
  libraryDocType: "",
  assignedModule: "",
  assignedType: "",
};

/** The library's record, whose details the form edits beside the document's. */
type LibraryRecord = { id: string; body: RecordBody };

function valuesOf(document: DocumentItem, record: LibraryRecord | null): Values {
  const docType = record?.body.libraryDocType;
  return {
    description: document.description ?? "",
    lastName: document.lastName ?? "",
    libraryDocType: typeof docType === "string" ? docType : "",
    assignedModule: document.assignedModule ?? "",
    assignedType: document.assignedType ?? "",
  };
}

/** The document types of the library record's declaration. */
const DOC_TYPES = optionsOf(fieldDef(LIBRARY_TYPE, "libraryDocType")?.options ?? "") ?? [];

/**
 * The entry's record, when the document points at one. null when it does not, or when the record
 * is gone (an entry saved before records carried the details): saving then makes one.
 */
function useLibraryRecord(document: DocumentItem | undefined) {
  const recordId = document?.assignedDocument ?? null;
  return useQuery({
    queryKey: recordQueryKeys.one(LIBRARY_MODULE, LIBRARY_TYPE, recordId ?? ""),
    enabled: recordId !== null,
    queryFn: async (): Promise<LibraryRecord | null> => {
      try {
        return await fetchRecord(LIBRARY_MODULE, LIBRARY_TYPE, recordId ?? "");
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/**
 * /dashboard/inventory/documentlibrary/add and .../edit/:id: a library entry's details and file.
 * Adding runs the spec's inventory add flow (libraryEntry.ts), then switches to the edit route.
 */
export const DocumentFormPage = editableFileOnly(DocumentFormScreen);

function DocumentFormScreen() {
  const { id } = useParams();
  const { t } = useTranslation(["documents", "common"]);
  const title = id ? t("common:screen.editDocument") : t("common:screen.addDocument");
  usePageTitle(title);
  const existing = useDocument(id ? { module: LIBRARY_MODULE, type: LIBRARY_TYPE, id } : null);
  const record = useLibraryRecord(existing.data);
  const recordReady = !existing.data?.assignedDocument || record.isSuccess;

  return (
    <Stack gap="lg">
      <BackArrow to={LIBRARY_PATH} />
      <Title order={1}>{title}</Title>
      {!id ? (
        <DocumentForm />
      ) : existing.data && recordReady ? (
        <DocumentForm key={existing.data.id} document={existing.data} record={record.data ?? null} />
      ) : existing.isError || record.isError ? (
        <Alert color="red.8" variant="light" role="alert">
          {existing.error instanceof ApiError && existing.error.status === 404
            ? t("documents:form.notFound")
            : t("documents:library.loadFailed")}
        </Alert>
      ) : (
        <PageLoader />
      )}
    </Stack>
  );
}

function DocumentForm({
  document,
  record = null,
}: {
  document?: DocumentItem;
  record?: LibraryRecord | null;
}) {
  const { t } = useTranslation(["documents", "sections", "catalog"]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canDelete = hasFullAccess(useAccount().data?.roles ?? []);
  const [values, setValues] = useState<Values>(document ? valuesOf(document, record) : EMPTY);
  const [current, setCurrent] = useState<DocumentItem | undefined>(document);
  const [chosen, setChosen] = useState<File | null>(null);
  // A photo or PDF shared from the phone (the installable app's share target) arrives chosen.
  const shared = useSharedFile(document ? undefined : setChosen);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteDocument();
  const afterFile = (next: DocumentItem | null) => {
    if (next) setCurrent(next);
    else setChosen(null);
    void queryClient.invalidateQueries({ queryKey: documentsQueryKey });
  };
  const file = useDocumentFile(afterFile);

  useEffect(() => setCurrent(document), [document]);

  const set = (key: keyof Values) => (value: string) =>
    setValues((previous) => ({
      ...previous,
      [key]: value,
      ...(key === "assignedModule" ? { assignedType: "" } : {}),
    }));

  const typeOptions = isRecordModule(values.assignedModule) ? categoriesOf(values.assignedModule) : [];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    const refresh = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: recordQueryKeys.all }),
      ]);
    if (current) {
      try {
        await saveLibraryEntry(values, current.id, record);
        showToast(t("documents:toast.saved"));
      } catch {
        showToast(t("documents:toast.failed"), "error");
      } finally {
        await refresh();
        setSaving(false);
      }
      return;
    }
    if (!chosen) return;
    try {
      const id = await addLibraryEntry(values, (documentId) =>
        file.upload({ module: LIBRARY_MODULE, type: LIBRARY_TYPE, id: documentId }, chosen),
      );
      showToast(t("documents:toast.added"));
      navigate(`${LIBRARY_PATH}/edit/${id}`, { replace: true });
    } catch (error) {
      // A refused file already showed the server's reason.
      if (!(error instanceof LibraryEntryError && error.step === "upload")) {
        showToast(t("documents:toast.failed"), "error");
      }
    } finally {
      await refresh();
      setSaving(false);
    }
  };

  const complete = values.description.trim() !== "" && values.libraryDocType !== "";

  return (
    <>
      <SharedFileNotice shared={shared} />
      {current && (
        <DocumentBlock document={current} canDelete={canDelete} onDelete={() => setDeleting(true)} />
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={640}>
          <TextInput
            label={t("documents:field.lastName")}
            value={values.lastName}
            maxLength={LIMITS.textMax}
            onChange={(event) => set("lastName")(event.currentTarget.value)}
          />
          <Textarea
            label={t("documents:field.description")}
            value={values.description}
            required
            maxLength={LIMITS.textMax}
            rows={3}
            onChange={(event) => set("description")(event.currentTarget.value)}
          />
          <NativeSelect
            label={t(fieldLabelKey(LIBRARY_TYPE, "libraryDocType"))}
            value={values.libraryDocType}
            required
            onChange={(event) => set("libraryDocType")(event.currentTarget.value)}
            data={[
              { value: "", label: t("documents:form.choose") },
              ...DOC_TYPES.map((key) => ({ value: key, label: t(optionLabelKey("libraryDocType", key)) })),
            ]}
          />
          <NativeSelect
            label={t("documents:field.assignedModule")}
            value={values.assignedModule}
            onChange={(event) => set("assignedModule")(event.currentTarget.value)}
            data={[
              { value: "", label: t("documents:form.choose") },
              ...RECORD_MODULES.map((module) => ({ value: module, label: t(moduleLabelKey(module)) })),
            ]}
          />
          <NativeSelect
            label={t("documents:field.assignedType")}
            value={values.assignedType}
            disabled={typeOptions.length === 0}
            onChange={(event) => set("assignedType")(event.currentTarget.value)}
            data={[
              { value: "", label: t("documents:form.choose") },
              ...typeOptions.map((category) => ({
                value: category.key,
                label: t(assignedTypeKey(category.key) ?? category.key),
              })),
            ]}
          />
          {current ? (
            <DocumentFileUpload document={current} onChange={afterFile} hideRemove />
          ) : (
            <UploadControl
              fileName={chosen?.name ?? null}
              onChoose={setChosen}
              uploading={file.uploading}
              percent={file.percent}
            />
          )}
          <Group>
            <Button
              type="submit"
              loading={saving}
              disabled={file.uploading || !complete || (!current && !chosen)}
            >
              {t("documents:form.save")}
            </Button>
          </Group>
        </Stack>
      </form>
      <DeleteRecordDialog
        opened={deleting}
        onConfirm={() => {
          if (current) remove.mutate(current, { onSuccess: () => navigate(LIBRARY_PATH, { replace: true }) });
        }}
        onCancel={() => setDeleting(false)}
        pending={remove.isPending}
        error={remove.isError ? t("documents:toast.failed") : null}
      />
    </>
  );
}
