import "@mantine/core/styles/SimpleGrid.css";
import { NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "../../../domain/catalog/languages.ts";
import { COMPANY_LIMITS } from "../../../domain/limits.ts";
import { FormFooter } from "../../components/form/FormFooter.tsx";
import { useSchemaForm } from "../../components/form/useSchemaForm.ts";
import { currentLanguage } from "../../i18n/i18n.ts";
import { showToast } from "../../shell/toast.ts";
import { seatsMissingOf, useInvite } from "./companyApi.ts";
import { companySchemas } from "./companySchemas.ts";
import { SeatsShortage } from "./SeatsShortage.tsx";

type InviteValues = { email: string; firstName: string; lastName: string; language: Language };

const FIELDS = new Set(["email", "firstName", "lastName", "language"]);

/**
 * One invitation: who, and the language of their mail. Refused for want of seats, it says how
 * many are missing and offers `onNeedSeats` (the seat change) when the company can add some.
 */
export function InviteForm({
  onDone,
  onNeedSeats,
}: {
  onDone: () => void;
  onNeedSeats?: (missing: number) => void;
}) {
  const { t, i18n } = useTranslation(["company", "common"]);
  const invite = useInvite();
  const [failure, setFailure] = useState<string | null>(null);
  const [missing, setMissing] = useState(0);
  const schema = companySchemas((module) => module.inviteBodySchema);
  const { form, showServerError, checked, formProps } = useSchemaForm<InviteValues>({
    initialValues: { email: "", firstName: "", lastName: "", language: currentLanguage(i18n) },
    schema,
  });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    setMissing(0);
    const { hasErrors } = await checked.validate();
    const loaded = schema.loaded();
    if (hasErrors || !loaded) return;
    invite.mutate(loaded.parse(checked.values), {
      onSuccess: (member) => {
        showToast(t("invite.done", { email: member.email }));
        onDone();
      },
      onError: (error) => {
        const short = seatsMissingOf(error);
        if (short > 0) setMissing(short);
        else setFailure(showServerError(error, (path) => FIELDS.has(path)));
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate {...formProps}>
      <Stack gap="md">
        <TextInput
          label={t("fields.memberEmail")}
          required
          type="email"
          maxLength={COMPANY_LIMITS.email}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps("email")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("fields.firstName")}
            required
            maxLength={COMPANY_LIMITS.personName}
            autoComplete="off"
            {...form.getInputProps("firstName")}
          />
          <TextInput
            label={t("fields.lastName")}
            required
            maxLength={COMPANY_LIMITS.personName}
            autoComplete="off"
            {...form.getInputProps("lastName")}
          />
        </SimpleGrid>
        <NativeSelect
          label={t("fields.language")}
          data={LANGUAGES.map((code) => ({ value: code, label: t(`common:language.name.${code}`) }))}
          {...form.getInputProps("language")}
        />
        {missing > 0 ? (
          <SeatsShortage
            missing={missing}
            message={t("seatsChange.missing", { count: missing })}
            {...(onNeedSeats === undefined ? {} : { onAdd: onNeedSeats })}
          />
        ) : null}
        <FormFooter
          failure={failure}
          onCancel={onDone}
          saving={invite.isPending}
          cancelLabel={t("invite.cancel")}
          saveLabel={t("invite.submit")}
        />
      </Stack>
    </form>
  );
}
