import { Alert, Button, Center, Group, Loader, Stack, TextInput } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { BREAKPOINTS_PX, LIMITS, WIDTHS_PX } from "../../../../domain/limits.ts";
import type { Institution } from "../../../../domain/schemas/institution.ts";
import { AddressPicker } from "../../../components/address/AddressPicker.tsx";
import { EditConflictNotice } from "../../../components/conflict/EditConflict.tsx";
import { useEditConflict } from "../../../components/conflict/useEditConflict.ts";
import { DeleteRecordDialog } from "../../../components/dialogs/ConfirmDialog.tsx";
import { Dialog } from "../../../components/dialogs/Dialog.tsx";
import { EmailListInput } from "../../../components/EmailListInput.tsx";
import { withoutErrorsUnder } from "../../../components/form/errorPaths.ts";
import { lazySchemaModule } from "../../../components/form/lazySchema.ts";
import { useSchemaForm } from "../../../components/form/useSchemaForm.ts";
import {
  deleteInstitution,
  fetchInstitution,
  institutionQueryKeys,
  saveInstitution,
} from "../../../components/institution/institutionApi.ts";
import { LastChanged } from "../../../components/LastChanged.tsx";
import { PhoneListInput } from "../../../components/phone/PhoneListInput.tsx";
import { type PhoneLibrary, usePhoneLibrary } from "../../../components/phone/phoneLibrary.ts";
import { CompanyConflict } from "./CompanyConflict.tsx";
import {
  type CompanyFormValues,
  companyValuesOf,
  emptyCompany,
  isCompanyFieldPath,
} from "./companyFormValues.ts";

export interface CompanyFormProps {
  opened: boolean;
  /** The company to edit; null or absent for a new one. */
  institutionId?: string | null;
  onClose: () => void;
  /** After a save, with the company's id. */
  onSaved: (id: string) => void;
  /** When given, a saved company shows "Delete Company"; called after it is deleted. */
  onDeleted?: () => void;
}

/**
 * The spec's Edit Company modal (733 px; full screen under 768 px): name, website, phones,
 * emails and address. A missing name is said under the field, in the spec's "Please enter <label>" form with this
 * field's own label (the spec's "First Name" belongs to the contact form).
 */
export function CompanyForm({ opened, institutionId = null, onClose, onSaved, onDeleted }: CompanyFormProps) {
  const { t } = useTranslation(["forms", "errors"]);
  const fullScreen = useMediaQuery(`(max-width: ${BREAKPOINTS_PX.formMobile - 0.02}px)`);
  const existing = useQuery({
    queryKey: institutionQueryKeys.detail(institutionId ?? ""),
    queryFn: () => fetchInstitution(institutionId ?? ""),
    enabled: opened && institutionId !== null,
  });
  // A saved company's phones are shown formatted from the start: the library loads beside it.
  const phones = usePhoneLibrary(opened && institutionId !== null);

  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={institutionId ? t("company.editTitle") : t("company.addTitle")}
      size={WIDTHS_PX.formModal}
      fullScreen={fullScreen}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
    >
      {institutionId !== null && (existing.isPending || !phones) ? (
        <Center py="xl">
          <Loader role="status" aria-label={t("company.loading")} />
        </Center>
      ) : (
        <Stack gap="md">
          {existing.data && (
            <LastChanged changedBy={existing.data.changedBy} updateTime={existing.data.updateTime} />
          )}
          <CompanyFields
            initial={existing.data ? companyValuesOf(existing.data, phones) : emptyCompany()}
            version={existing.data?.version}
            phones={phones}
            onCancel={onClose}
            onSaved={onSaved}
            onDeleted={onDeleted}
          />
        </Stack>
      )}
    </Dialog>
  );
}

// The institution schema brings zod and libphonenumber-js: fetched when the form is first focused or saved.
const institutionSchemas = lazySchemaModule(() => import("../../../../domain/schemas/institution.ts"));

interface CompanyFieldsProps {
  initial: CompanyFormValues;
  /** The saved company's version the form was loaded from: a save names it (If-Match). */
  version?: number;
  /** Formats the phones of a saved version a conflict shows. */
  phones: PhoneLibrary | null;
  onCancel: () => void;
  onSaved: (id: string) => void;
  onDeleted?: () => void;
}

function CompanyFields({ initial, version, phones, onCancel, onSaved, onDeleted }: CompanyFieldsProps) {
  const { t } = useTranslation(["forms", "errors"]);
  const queryClient = useQueryClient();
  const { form, showServerError, checked, formProps } = useSchemaForm<CompanyFormValues>({
    initialValues: initial,
    schema: institutionSchemas((module) => module.institutionInputSchema),
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [askDelete, setAskDelete] = useState(false);
  const conflicts = useEditConflict<Institution, CompanyFormValues>({
    version,
    form,
    valuesOf: (stored) => companyValuesOf(stored, phones),
  });

  const save = useMutation({
    meta: { toast: "saved" },
    mutationFn: ({ values, over }: { values: CompanyFormValues; over: number | undefined }) =>
      saveInstitution(values.id, values, over),
    onSuccess: ({ id, version: stored }) => {
      conflicts.saved(stored);
      void queryClient.invalidateQueries({ queryKey: institutionQueryKeys.all });
      onSaved(id);
    },
    onError: (error, { values }) => {
      if (!conflicts.refused(error, values)) setFailure(showServerError(error, isCompanyFieldPath));
    },
  });

  const remove = useMutation({
    meta: { toast: "deleted" },
    mutationFn: () => deleteInstitution(initial.id ?? ""),
    onSuccess: () => {
      setAskDelete(false);
      void queryClient.invalidateQueries({ queryKey: institutionQueryKeys.all });
      onDeleted?.();
    },
    onError: (error) => {
      setAskDelete(false);
      setFailure(showServerError(error, () => false));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The modal is rendered in a portal, but React still bubbles its submit to an outer form.
    event.stopPropagation();
    event.preventDefault();
    setFailure(null);
    conflicts.clearNotice();
    void checked.validate().then((result) => {
      if (!result.hasErrors) save.mutate({ values: checked.values, over: conflicts.baseVersion });
    });
  };
  const conflict = conflicts.conflict;

  return (
    <form ref={conflicts.formRef} onSubmit={submit} noValidate {...formProps}>
      <Stack gap="md">
        {conflict !== null && (
          <CompanyConflict
            mine={conflict.mine}
            theirs={companyValuesOf(conflict.current, phones)}
            saving={save.isPending}
            onKeepMine={() => save.mutate({ values: form.values, over: conflict.current.version })}
            {...conflict.panel}
          />
        )}
        <EditConflictNotice notice={conflicts.notice} />
        <TextInput
          label={t("company.name")}
          required
          // The modal opens on its first field.
          data-autofocus
          maxLength={LIMITS.textMax}
          autoComplete="off"
          {...form.getInputProps("name")}
          aria-invalid={form.errors.name ? true : undefined}
        />
        <TextInput
          label={t("company.website")}
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={LIMITS.textMax}
          autoComplete="off"
          {...form.getInputProps("website")}
          aria-invalid={form.errors.website ? true : undefined}
        />
        <PhoneListInput
          values={form.values.phones}
          onChange={(rows, edited) => {
            form.setFieldValue("phones", rows);
            form.setErrors((errors) =>
              withoutErrorsUnder(errors, edited === null ? "phones" : `phones.${edited}`),
            );
          }}
          errorOf={(index, field) =>
            form.errors[`phones.${index}.${field}`] ??
            (field === "number" ? form.errors[`phones.${index}`] : undefined)
          }
          onBlurField={(index, field) => form.validateField(`phones.${index}.${field}`)}
        />
        <EmailListInput
          values={form.values.emails}
          onChange={(rows, edited) => {
            form.setFieldValue("emails", rows);
            form.setErrors((errors) =>
              withoutErrorsUnder(errors, edited === null ? "emails" : `emails.${edited}`),
            );
          }}
          errorOf={(index) => form.errors[`emails.${index}`]}
          onBlurRow={(index) => form.validateField(`emails.${index}`)}
        />
        <AddressPicker
          label={t("company.address")}
          value={form.values.address}
          onChange={(id) => form.setFieldValue("address", id)}
          error={form.errors.address}
        />
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            {initial.id && onDeleted && (
              <Button variant="outline" color="red" onClick={() => setAskDelete(true)}>
                {t("company.delete")}
              </Button>
            )}
          </Group>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t("form.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("form.save")}
            </Button>
          </Group>
        </Group>
      </Stack>
      <DeleteRecordDialog
        opened={askDelete}
        onConfirm={() => remove.mutate()}
        onCancel={() => setAskDelete(false)}
        pending={remove.isPending}
      />
    </form>
  );
}
