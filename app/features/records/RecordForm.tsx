import "@mantine/core/styles/SimpleGrid.css";
import { SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isFieldVisible } from "../../../domain/sections/fields.ts";
import { fieldLabelKey } from "../../../domain/sections/labels.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { CategoryDef, FieldType } from "../../../domain/sections/types.ts";
import { editConflictOf } from "../../api/versions.ts";
import { EditConflict } from "../../components/conflict/EditConflict.tsx";
import { FieldInput } from "../../components/fields/FieldInput.tsx";
import { FormFooter } from "../../components/form/FormFooter.tsx";
import { lazySchemaModule } from "../../components/form/lazySchema.ts";
import { useSchemaForm } from "../../components/form/useSchemaForm.ts";
import { useAccount } from "../../session/account.ts";
import { useGuardedSave } from "../../shell/unsaved/useGuardedSave.ts";
import { initialValues, isRecordFieldPath, type RecordFormValues } from "./formValues.ts";
import { recordConflictRows } from "./recordConflictRows.tsx";
import { type RecordItem, refreshAfterRecordChange, revealSecret, saveRecord } from "./recordsApi.ts";

/** Types drawn across the whole form width (pickers with panels, long text, lists). */
const WIDE_TYPES: ReadonlySet<FieldType> = new Set([
  "longtext",
  "money",
  "phone",
  "addressRef",
  "institutionRef",
  "personRefs",
  "multiselect",
  "documents",
]);

// The record schemas bring zod and libphonenumber-js: fetched when a form is first focused or saved.
const recordSchemas = lazySchemaModule(() => import("../../../domain/sections/schema.ts"));

export interface RecordFormProps {
  category: CategoryDef;
  /** The saved record's id; absent on add. */
  recordId?: string;
  initial: RecordFormValues;
  /** The saved record's version the form was loaded from: a save names it (If-Match). */
  version?: number;
  onSaved: (id: string) => void;
  onCancel: () => void;
}

/**
 * The one form of every record category, drawn from its declaration: fields in order, those of
 * `visibleWhen` only while they apply, checked with the same schema as the server. A refusal
 * puts the server's messages beside their inputs and keeps what was typed. It answers the
 * unsaved-changes guard.
 */
export function RecordForm({ category, recordId, initial, version, onSaved, onCancel }: RecordFormProps) {
  const { t } = useTranslation(["records", "sections", "errors"]);
  const queryClient = useQueryClient();
  const schema = recordSchemas((module) => module.recordSchema(category));
  const { form, showServerError, checked, formProps } = useSchemaForm<RecordFormValues>({
    initialValues: initial,
    schema,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const viewerId = useAccount().data?.id ?? null;
  const formElement = useRef<HTMLFormElement>(null);
  /** The version the next save replaces: the loaded one, or the one a conflict showed. */
  const [baseVersion, setBaseVersion] = useState(version);
  /** A refused save: the version saved since, and what this form would have saved. */
  const [conflict, setConflict] = useState<{ current: RecordItem; mine: RecordBody } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const save = useMutation({
    meta: { toast: "saved" },
    mutationFn: ({ values, over }: { values: RecordFormValues; over: number | undefined }) =>
      saveRecord(category.module, category.key, recordId, values, over),
    onSuccess: (id, { values }) => {
      setConflict(null);
      form.resetDirty(values);
      void refreshAfterRecordChange(queryClient);
      onSaved(id);
    },
    onError: (error, { values }) => {
      const current = editConflictOf<RecordItem>(error);
      if (current === null) {
        setFailure(showServerError(error, (path) => isRecordFieldPath(category, path)));
        return;
      }
      // Compared as the server stores them, as the saved version is.
      const parsed = schema.loaded()?.safeParse(values);
      setConflict({ current, mine: (parsed?.success ? parsed.data : values) as RecordBody });
    },
  });

  const submit = useGuardedSave(
    checked,
    (values) => save.mutateAsync({ values, over: baseVersion }),
    () => {
      setFailure(null);
      setNotice(null);
    },
  );

  /** After the conflict is settled, the form's first field takes the focus the panel had. */
  function closeConflict(current: RecordItem) {
    setBaseVersion(current.version);
    setConflict(null);
    requestAnimationFrame(() =>
      formElement.current?.querySelector<HTMLElement>("input:not([type=hidden]), textarea")?.focus(),
    );
  }

  const takeTheirs = (current: RecordItem) => {
    const theirs = initialValues(category, current.body, null, null);
    form.setValues(theirs);
    form.resetDirty(theirs);
    setNotice(t("common:conflict.tookTheirs"));
    closeConflict(current);
  };

  const reveal =
    recordId === undefined
      ? undefined
      : (key: string) => revealSecret(category.module, category.key, recordId, key);
  const values = form.values;

  return (
    <form ref={formElement} onSubmit={submit} noValidate {...formProps}>
      <Stack gap="lg">
        {conflict !== null && (
          <EditConflict
            rows={recordConflictRows(category, conflict.mine, conflict.current.body, (field) =>
              t(fieldLabelKey(category.key, field.key)),
            )}
            savedAt={conflict.current.updateTime}
            changedBy={conflict.current.changedBy}
            viewerId={viewerId}
            saving={save.isPending}
            onKeepMine={() => save.mutate({ values: form.values, over: conflict.current.version })}
            onTakeTheirs={() => takeTheirs(conflict.current)}
            onEdit={() => closeConflict(conflict.current)}
          />
        )}
        <Text role="status" size="sm">
          {notice}
        </Text>
        <Text size="sm" c="dimmed">
          {t("form.requiredNote")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {category.fields
            .filter((field) => isFieldVisible(field, values))
            .map((field) => (
              <div key={field.key} style={WIDE_TYPES.has(field.type) ? { gridColumn: "1 / -1" } : undefined}>
                <FieldInput
                  category={category}
                  field={field}
                  values={values}
                  setValue={(key, value) => form.setFieldValue(key, value)}
                  errorOf={(key) => form.errors[key]}
                  onBlur={(key) => form.validateField(key)}
                  reveal={reveal}
                />
              </div>
            ))}
        </SimpleGrid>
        <FormFooter
          failure={failure}
          onCancel={onCancel}
          saving={save.isPending}
          cancelLabel={t("form.cancel")}
          saveLabel={t("form.save")}
        />
      </Stack>
    </form>
  );
}
