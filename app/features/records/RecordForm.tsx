import "@mantine/core/styles/SimpleGrid.css";
import { SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isFieldVisible } from "../../../domain/sections/fields.ts";
import type { CategoryDef, FieldType } from "../../../domain/sections/types.ts";
import { FieldInput } from "../../components/fields/FieldInput.tsx";
import { FormFooter } from "../../components/form/FormFooter.tsx";
import { lazySchemaModule } from "../../components/form/lazySchema.ts";
import { useSchemaForm } from "../../components/form/useSchemaForm.ts";
import { useGuardedSave } from "../../shell/unsaved/useGuardedSave.ts";
import { isRecordFieldPath, type RecordFormValues } from "./formValues.ts";
import { refreshAfterRecordChange, revealSecret, saveRecord } from "./recordsApi.ts";

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
  onSaved: (id: string) => void;
  onCancel: () => void;
}

/**
 * The one form of every record category, drawn from its declaration: fields in order, those of
 * `visibleWhen` only while they apply, checked with the same schema as the server. A refusal
 * puts the server's messages beside their inputs and keeps what was typed. It answers the
 * unsaved-changes guard.
 */
export function RecordForm({ category, recordId, initial, onSaved, onCancel }: RecordFormProps) {
  const { t } = useTranslation(["records", "errors"]);
  const queryClient = useQueryClient();
  const { form, showServerError, checked, formProps } = useSchemaForm<RecordFormValues>({
    initialValues: initial,
    schema: recordSchemas((module) => module.recordSchema(category)),
  });
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    meta: { toast: "saved" },
    mutationFn: (values: RecordFormValues) => saveRecord(category.module, category.key, recordId, values),
    onSuccess: (id, values) => {
      form.resetDirty(values);
      void refreshAfterRecordChange(queryClient);
      onSaved(id);
    },
    onError: (error) => setFailure(showServerError(error, (path) => isRecordFieldPath(category, path))),
  });

  const submit = useGuardedSave(checked, save.mutateAsync, () => setFailure(null));

  const reveal =
    recordId === undefined
      ? undefined
      : (key: string) => revealSecret(category.module, category.key, recordId, key);
  const values = form.values;

  return (
    <form onSubmit={submit} noValidate {...formProps}>
      <Stack gap="lg">
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
