import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/SimpleGrid.css";
import { NativeSelect, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OWN_GROUP, PERSON_GROUPS } from "../../../domain/catalog/relationships.ts";
import {
  RELEASE_TIMINGS,
  type ReleaseTiming,
  releaseTimingLabelKey,
} from "../../../domain/catalog/releaseTimings.ts";
import {
  type NomineeStatus,
  type NomineeView,
  nomineeCreateSchema,
  nomineeUpdateSchema,
} from "../../../domain/schemas/share.ts";
import { DateField } from "../../components/DateField.tsx";
import { usePersonChoices } from "../../components/fields/personOptions.ts";
import { clearButtonProps } from "../../components/form/clearButton.ts";
import { isUnder, withoutErrorsUnder } from "../../components/form/errorPaths.ts";
import { FormFooter } from "../../components/form/FormFooter.tsx";
import { InviteeFields } from "../../components/form/InviteeFields.tsx";
import { useSchemaForm } from "../../components/form/useSchemaForm.ts";
import { useGuardedSave } from "../../shell/unsaved/useGuardedSave.ts";
import { nomineeQueryKeys, saveNominee } from "./nomineesApi.ts";
import { ScopePicker, type ScopeValue } from "./ScopePicker.tsx";

export type NomineeFormValues = {
  personId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  scope: ScopeValue;
  release: ReleaseTiming;
  accessEndsAt: number | null;
};

/** A nominee may be anyone of the owner's network but the owner. */
const NOMINEE_GROUPS = PERSON_GROUPS.filter((group) => group !== OWN_GROUP);

/** Once the invitation is accepted, the nominee's email is the account's: it stays. */
const EMAIL_LOCKED: ReadonlySet<NomineeStatus> = new Set(["accepted", "requested", "released"]);

const FIELD_PATHS = ["personId", "firstName", "lastName", "email", "release", "accessEndsAt"];

function initialNomineeValues(nominee: NomineeView | undefined): NomineeFormValues {
  return {
    personId: nominee?.personId ?? null,
    firstName: nominee?.firstName ?? "",
    lastName: nominee?.lastName ?? "",
    email: nominee?.email ?? "",
    scope: {
      modules: [...(nominee?.scope.modules ?? [])],
      categories: [...(nominee?.scope.categories ?? [])],
    },
    release: nominee?.release ?? "manual",
    accessEndsAt: nominee?.accessEndsAt ?? null,
  };
}

/** What the API receives: the create body on add, the update body (with accessEndsAt) on edit. */
function bodyOf(values: NomineeFormValues, editing: boolean) {
  const { accessEndsAt, ...create } = values;
  return editing ? { ...create, accessEndsAt } : create;
}

export interface NomineeFormProps {
  /** The nominee being edited; absent on add. */
  nominee?: NomineeView;
  onSaved: (id: string) => void;
  onCancel: () => void;
}

/**
 * Add or edit a nominee: a person of the network (prefills name and first email) or a new name
 * and email, what is shared, and when access is released; on edit also when released access ends.
 * Checked with the API's own schema; server refusals go beside their inputs. It answers the
 * unsaved-changes guard.
 */
export function NomineeForm({ nominee, onSaved, onCancel }: NomineeFormProps) {
  const { t } = useTranslation(["sharing", "catalog", "forms", "common"]);
  const editing = nominee !== undefined;
  const queryClient = useQueryClient();
  const { form, showServerError } = useSchemaForm<NomineeFormValues>({
    initialValues: initialNomineeValues(nominee),
    schema: editing ? nomineeUpdateSchema : nomineeCreateSchema,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const persons = usePersonChoices(NOMINEE_GROUPS);

  const save = useMutation({
    mutationFn: (values: NomineeFormValues) => saveNominee(nominee?.id, bodyOf(values, editing)),
    onSuccess: (id, values) => {
      form.resetDirty(values);
      void queryClient.invalidateQueries({ queryKey: nomineeQueryKeys.all });
      onSaved(id);
    },
    onError: (error) =>
      setFailure(showServerError(error, (path) => FIELD_PATHS.includes(path) || isUnder(path, "scope"))),
  });

  const submit = useGuardedSave(form, save.mutateAsync, () => setFailure(null));

  const pickPerson = (id: string | null) => {
    form.setFieldValue("personId", id);
    const chosen = persons.find((choice) => choice.value === id)?.person;
    if (!chosen) return;
    form.setValues({
      firstName: chosen.mainDetails.firstName,
      lastName: chosen.mainDetails.lastName ?? "",
      email: chosen.contactDetails.emails[0] ?? form.values.email,
    });
  };

  const setScope = (scope: ScopeValue) => {
    form.setFieldValue("scope", scope);
    form.setErrors(withoutErrorsUnder(form.errors, "scope"));
  };

  const scopeError = Object.entries(form.errors).find(([path]) => isUnder(path, "scope"))?.[1];
  const emailLocked = nominee !== undefined && EMAIL_LOCKED.has(nominee.status);
  // An end date applies to released access only (the API refuses it before release).
  const endsAccess =
    nominee !== undefined && (nominee.status === "released" || nominee.accessEndsAt !== null);
  const personLabel = t("form.person");

  return (
    <form onSubmit={submit} noValidate data-testid="nominee-form">
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t("form.requiredNote")}
        </Text>
        <Select
          label={personLabel}
          description={t("form.personHint")}
          data={persons.map(({ value, label }) => ({ value, label }))}
          value={
            persons.some((choice) => choice.value === form.values.personId) ? form.values.personId : null
          }
          onChange={pickPerson}
          searchable
          clearable
          nothingFoundMessage={t("forms:select.nothingFound")}
          clearButtonProps={clearButtonProps(t("forms:select.clear", { label: personLabel }))}
          autoComplete="off"
          error={form.errors.personId}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <InviteeFields
            form={form}
            labels={{ firstName: t("form.firstName"), lastName: t("form.lastName"), email: t("form.email") }}
            emailLocked={emailLocked}
            emailNote={t("form.emailLocked")}
          />
          <NativeSelect
            label={t("form.release")}
            withAsterisk
            data={RELEASE_TIMINGS.map((timing) => ({
              value: timing,
              label: t(`catalog:${releaseTimingLabelKey(timing)}`),
            }))}
            {...form.getInputProps("release")}
            aria-invalid={form.errors.release ? true : undefined}
          />
        </SimpleGrid>
        <ScopePicker value={form.values.scope} onChange={setScope} error={scopeError} />
        {endsAccess && (
          <DateField
            label={t("form.accessEndsAt")}
            description={t("form.accessEndsAtHint")}
            value={form.values.accessEndsAt}
            onChange={(value) => form.setFieldValue("accessEndsAt", value)}
            error={form.errors.accessEndsAt}
            maw={320}
          />
        )}
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
