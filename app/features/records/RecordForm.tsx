import "@mantine/core/styles/SimpleGrid.css";
import { SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isFieldVisible } from "../../../domain/sections/fields.ts";
import { fieldLabelKey } from "../../../domain/sections/labels.ts";
import type { RecordBody } from "../../../domain/sections/schema.ts";
import type { CategoryDef, FieldType } from "../../../domain/sections/types.ts";
import { EditConflict, EditConflictNotice } from "../../components/conflict/EditConflict.tsx";
import { useEditConflict } from "../../components/conflict/useEditConflict.ts";
import { FieldInput } from "../../components/fields/FieldInput.tsx";
import { FormFooter } from "../../components/form/FormFooter.tsx";
import { lazySchemaModule } from "../../components/form/lazySchema.ts";
import { useSchemaForm } from "../../components/form/useSchemaForm.ts";
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
  const conflicts = useEditConflict<RecordItem, RecordFormValues, RecordBody>({
    version,
    form,
    valuesOf: (current) => initialValues(category, current.body, null, null),
  });

  const save = useMutation({
    meta: { toast: "saved" },
    mutationFn: ({ values, over }: { values: RecordFormValues; over: number | undefined }) =>
      saveRecord(category.module, category.key, recordId, values, over),
    onSuccess: (id, { values }) => {
      conflicts.saved();
      form.resetDirty(values);
      void refreshAfterRecordChange(queryClient);
      onSaved(id);
    },
    onError: (error, { values }) => {
      // Compared as the server stores them, as the saved version is.
      const parsed = schema.loaded()?.safeParse(values);
      if (!conflicts.refused(error, (parsed?.success ? parsed.data : values) as RecordBody)) {
        setFailure(showServerError(error, (path) => isRecordFieldPath(category, path)));
      }
    },
  });

  const submit = useGuardedSave(
    checked,
    (values) => save.mutateAsync({ values, over: conflicts.baseVersion }),
    () => {
      setFailure(null);
      conflicts.clearNotice();
    },
  );

  const reveal =
    recordId === undefined
      ? undefined
      : (key: string) => revealSecret(category.module, category.key, recordId, key);
  const values = form.values;
  const conflict = conflicts.conflict;

  return (
    <form ref={conflicts.formRef} onSubmit={submit} noValidate {...formProps}>
      <Stack gap="lg">
        {conflict !== null && (
          <EditConflict
            rows={recordConflictRows(category, conflict.mine, conflict.current.body, (field) =>
              t(fieldLabelKey(category.key, field.key)),
            )}
            saving={save.isPending}
            onKeepMine={() => save.mutate({ values: form.values, over: conflict.current.version })}
            {...conflict.panel}
          />
        )}
        <EditConflictNotice notice={conflicts.notice} />
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
