import { Stack, Textarea, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { COMPANY_LIMITS } from "../../../domain/limits.ts";
import type { Company } from "../../../domain/schemas/company.ts";
import { FormFooter } from "../../components/form/FormFooter.tsx";
import { useSchemaForm } from "../../components/form/useSchemaForm.ts";
import { showToast } from "../../shell/toast.ts";
import { useCreateCompany, useUpdateCompany } from "./companyApi.ts";
import { companySchemas } from "./companySchemas.ts";

type CompanyValues = { name: string; email: string; website: string; phone: string; address: string };

const FIELDS = new Set(["name", "email", "website", "address"]);

/**
 * A company's details: its name and contact email, and optionally its website, a phone and an
 * address. Empty, it creates a company; given one, it corrects it and calls `onDone`.
 */
export function CompanyForm({ company, onDone }: { company?: Company; onDone?: () => void }) {
  const { t } = useTranslation(["company", "forms"]);
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const save = company === undefined ? create : update;
  const [failure, setFailure] = useState<string | null>(null);
  const toBody = (values: CompanyValues) => ({
    name: values.name,
    email: values.email,
    website: values.website,
    // The form edits the first phone; the others a company already has are kept, never dropped.
    phones: [values.phone, ...(company?.phones.slice(1) ?? [])].filter((phone) => phone.trim() !== ""),
    address: values.address,
  });
  const schema = companySchemas((module) => module.companyBodySchema);
  const { form, showServerError, checked, formProps } = useSchemaForm<CompanyValues>({
    initialValues: {
      name: company?.name ?? "",
      email: company?.email ?? "",
      website: company?.website ?? "",
      phone: company?.phones[0] ?? "",
      address: company?.address ?? "",
    },
    // The schema checks what it knows of these values; the one phone becomes `phones` on submit.
    schema,
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const { hasErrors } = await checked.validate();
    const loaded = schema.loaded();
    if (hasErrors || !loaded) return;
    // The promise, not mutate's callbacks: a new company replaces this form before they would run.
    await save.mutateAsync(loaded.parse(toBody(checked.values))).then(
      (saved) => {
        showToast(t(company === undefined ? "create.done" : "edit.done", { name: saved.name }));
        onDone?.();
      },
      (error: unknown) => setFailure(showServerError(error, (path) => FIELDS.has(path))),
    );
  };

  return (
    <form onSubmit={submit} noValidate {...formProps}>
      <Stack gap="md">
        <TextInput
          label={t("fields.name")}
          required
          maxLength={COMPANY_LIMITS.name}
          autoComplete="organization"
          {...form.getInputProps("name")}
        />
        <TextInput
          label={t("fields.email")}
          required
          type="email"
          maxLength={COMPANY_LIMITS.email}
          autoComplete="email"
          {...form.getInputProps("email")}
        />
        <TextInput
          label={t("fields.website")}
          placeholder={t("fields.websiteHint")}
          type="url"
          maxLength={COMPANY_LIMITS.website}
          autoComplete="url"
          {...form.getInputProps("website")}
        />
        <TextInput
          label={t("fields.phones")}
          type="tel"
          maxLength={COMPANY_LIMITS.phone}
          autoComplete="tel"
          {...form.getInputProps("phone")}
        />
        <Textarea
          label={t("fields.address")}
          maxLength={COMPANY_LIMITS.address}
          rows={3}
          autoComplete="street-address"
          {...form.getInputProps("address")}
        />
        <FormFooter
          failure={failure}
          onCancel={() => (onDone === undefined ? form.reset() : onDone())}
          saving={save.isPending}
          cancelLabel={t("forms:form.cancel")}
          saveLabel={t(company === undefined ? "create.submit" : "edit.submit")}
        />
      </Stack>
    </form>
  );
}
