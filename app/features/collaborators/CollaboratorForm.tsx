import "@mantine/core/styles/SimpleGrid.css";
import { Checkbox, Radio, SimpleGrid, Stack, Text } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  COLLABORATOR_RIGHTS,
  type CollaboratorRights,
  type CollaboratorView,
  collaboratorInviteSchema,
  collaboratorUpdateSchema,
} from "../../../domain/schemas/collaborator.ts";
import { isUnder, withoutErrorsUnder } from "../../components/form/errorPaths.ts";
import { FormFooter } from "../../components/form/FormFooter.tsx";
import { InviteeFields } from "../../components/form/InviteeFields.tsx";
import { useSchemaForm } from "../../components/form/useSchemaForm.ts";
import { showToast } from "../../shell/toast.ts";
import { useGuardedSave } from "../../shell/unsaved/useGuardedSave.ts";
import { ScopePicker, type ScopeValue } from "../shared-by-me/ScopePicker.tsx";
import { collaboratorQueryKeys, saveCollaborator } from "./collaboratorsApi.ts";

export type CollaboratorFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  scope: ScopeValue & { secrets: boolean };
  rights: CollaboratorRights;
};

const FIELD_PATHS = ["firstName", "lastName", "email", "rights"];

function initialValues(collaborator: CollaboratorView | undefined): CollaboratorFormValues {
  return {
    firstName: collaborator?.firstName ?? "",
    lastName: collaborator?.lastName ?? "",
    email: collaborator?.email ?? "",
    scope: {
      modules: [...(collaborator?.scope.modules ?? [])],
      categories: [...(collaborator?.scope.categories ?? [])],
      secrets: collaborator?.scope.secrets ?? false,
    },
    rights: collaborator?.rights ?? "edit",
  };
}

/** What the API receives: the invitation on add; only scope and rights on edit. */
function bodyOf(values: CollaboratorFormValues, editing: boolean) {
  return editing ? { scope: values.scope, rights: values.rights } : values;
}

export interface CollaboratorFormProps {
  /** The collaborator being changed; absent on invite. */
  collaborator?: CollaboratorView;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Invite a collaborator, or change one's access: who (fixed once invited), what they may open, with
 * or without secrets, and whether they may change it. Checked with the API's own schema; server
 * refusals go beside their inputs; it answers the unsaved-changes guard.
 */
export function CollaboratorForm({ collaborator, onSaved, onCancel }: CollaboratorFormProps) {
  const { t } = useTranslation(["collaborators", "forms"]);
  const editing = collaborator !== undefined;
  const queryClient = useQueryClient();
  const { form, showServerError } = useSchemaForm<CollaboratorFormValues>({
    initialValues: initialValues(collaborator),
    schema: editing ? collaboratorUpdateSchema : collaboratorInviteSchema,
  });
  const [failure, setFailure] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (values: CollaboratorFormValues) =>
      saveCollaborator(collaborator?.id, bodyOf(values, editing)),
    onSuccess: (saved, values) => {
      form.resetDirty(values);
      void queryClient.invalidateQueries({ queryKey: collaboratorQueryKeys.all });
      const name = `${saved.firstName} ${saved.lastName}`;
      showToast(editing ? t("actions.saved", { name }) : t("actions.invited", { email: saved.email }));
      onSaved();
    },
    onError: (error) =>
      setFailure(showServerError(error, (path) => FIELD_PATHS.includes(path) || isUnder(path, "scope"))),
  });

  const submit = useGuardedSave(form, save.mutateAsync, () => setFailure(null));

  const setScope = (scope: ScopeValue) => {
    form.setFieldValue("scope", { ...scope, secrets: form.values.scope.secrets });
    form.setErrors(withoutErrorsUnder(form.errors, "scope"));
  };

  const secretsError = form.errors["scope.secrets"];
  const scopeError = Object.entries(form.errors).find(
    ([path]) => isUnder(path, "scope") && path !== "scope.secrets",
  )?.[1];

  return (
    <form onSubmit={submit} noValidate data-testid="collaborator-form">
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          {t("form.requiredNote")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <InviteeFields
            form={form}
            labels={{ firstName: t("form.firstName"), lastName: t("form.lastName"), email: t("form.email") }}
            namesLocked={editing}
            emailLocked={editing}
            emailNote={t("form.emailFixed")}
          />
        </SimpleGrid>
        <Radio.Group label={t("form.rights")} withAsterisk {...form.getInputProps("rights")}>
          <Stack gap="xs" mt="xs">
            {COLLABORATOR_RIGHTS.map((rights) => (
              <Radio key={rights} value={rights} label={t(`rights.${rights}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <ScopePicker
          value={form.values.scope}
          onChange={setScope}
          error={scopeError}
          texts={{ legend: t("form.scopeLegend"), hint: t("form.scopeHint"), help: t("form.scopeHelp") }}
        />
        <Checkbox
          label={t("form.secrets")}
          description={t("form.secretsHint")}
          checked={form.values.scope.secrets}
          onChange={(event) => {
            form.setFieldValue("scope.secrets", event.currentTarget.checked);
            form.setErrors(withoutErrorsUnder(form.errors, "scope"));
          }}
          error={secretsError}
        />
        <FormFooter
          failure={failure}
          onCancel={onCancel}
          saving={save.isPending}
          cancelLabel={t("form.cancel")}
          saveLabel={editing ? t("form.save") : t("form.send")}
        />
      </Stack>
    </form>
  );
}
