import { Alert, Button, Group, NativeSelect, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { LIMITS } from "../../../domain/limits.ts";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { moduleLabelKey } from "../../../domain/sections/labels.ts";
import { RECORD_MODULES, type RecordModule } from "../../../domain/sections/types.ts";
import { ApiError } from "../../api/client.ts";
import { DeleteRecordDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { useAccount } from "../../session/account.ts";
import { hasFullAccess } from "../../session/homeRoute.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { type DocumentItem, LIBRARY_MODULE, LIBRARY_TYPE, saveDocument } from "./api.ts";
import { DocumentBlock } from "./DocumentBlock.tsx";
import { DocumentFileUpload } from "./DocumentFileUpload.tsx";
import { assignedTypeKey } from "./format.ts";
import { documentsQueryKey, LIBRARY_PATH, useDeleteDocument, useDocument } from "./queries.ts";
import { showToast } from "./toast.ts";
import { UploadControl } from "./UploadControl.tsx";
import { useDocumentFile } from "./useDocumentFile.ts";

type Values = { description: string; lastName: string; assignedModule: string; assignedType: string };

const EMPTY: Values = { description: "", lastName: "", assignedModule: "", assignedType: "" };

function valuesOf(document: DocumentItem): Values {
  return {
    description: document.description ?? "",
    lastName: document.lastName ?? "",
    assignedModule: document.assignedModule ?? "",
    assignedType: document.assignedType ?? "",
  };
}

function isRecordModule(value: string): value is RecordModule {
  return (RECORD_MODULES as readonly string[]).includes(value);
}

/**
 * /dashboard/inventory/documentlibrary/add and .../edit/:id: a library document's details and
 * file. Adding saves the details, then uploads the file, then switches to the edit route.
 */
export function DocumentFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(["documents", "common"]);
  const title = id ? t("common:screen.editDocument") : t("common:screen.addDocument");
  usePageTitle(title);
  const existing = useDocument(id ? { module: LIBRARY_MODULE, type: LIBRARY_TYPE, id } : null);

  return (
    <Stack gap="lg">
      <BackArrow to={LIBRARY_PATH} />
      <Title order={1}>{title}</Title>
      {!id ? (
        <DocumentForm />
      ) : existing.data ? (
        <DocumentForm key={existing.data.id} document={existing.data} />
      ) : existing.isError ? (
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

function DocumentForm({ document }: { document?: DocumentItem }) {
  const { t } = useTranslation(["documents", "sections"]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canDelete = hasFullAccess(useAccount().data?.roles ?? []);
  const [values, setValues] = useState<Values>(document ? valuesOf(document) : EMPTY);
  const [current, setCurrent] = useState<DocumentItem | undefined>(document);
  const [chosen, setChosen] = useState<File | null>(null);
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
    let id: string;
    try {
      id = await saveDocument({
        ...(current ? { id: current.id } : {}),
        module: LIBRARY_MODULE,
        type: LIBRARY_TYPE,
        description: values.description.trim(),
        lastName: values.lastName.trim(),
        ...(values.assignedModule ? { assignedModule: values.assignedModule } : {}),
        ...(values.assignedType ? { assignedType: values.assignedType } : {}),
      });
    } catch {
      setSaving(false);
      showToast(t("documents:toast.failed"), "error");
      return;
    }
    await queryClient.invalidateQueries({ queryKey: documentsQueryKey });
    if (current) {
      setSaving(false);
      showToast(t("documents:toast.saved"));
      return;
    }
    const stored = chosen
      ? await file.upload({ module: LIBRARY_MODULE, type: LIBRARY_TYPE, id }, chosen)
      : null;
    setSaving(false);
    if (!chosen || stored) showToast(t("documents:toast.added"));
    navigate(`${LIBRARY_PATH}/edit/${id}`, { replace: true });
  };

  return (
    <>
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
            maxLength={LIMITS.longTextMax}
            rows={3}
            onChange={(event) => set("description")(event.currentTarget.value)}
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
            <Button type="submit" loading={saving} disabled={file.uploading || (!current && !chosen)}>
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
