import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { GENDERS, MARITAL_STATUSES } from "../../../../domain/catalog/personOptions.ts";
import type { PersonGroup } from "../../../../domain/catalog/relationships.ts";
import { LIMITS } from "../../../../domain/limits.ts";
import { AddressPicker } from "../../../components/address/AddressPicker.tsx";
import { CountrySelect } from "../../../components/country/CountrySelect.tsx";
import { DateField } from "../../../components/DateField.tsx";
import { SecretField } from "../../../components/fields/SecretField.tsx";
import { isUnder } from "../../../components/form/errorPaths.ts";
import { FieldGroup } from "../../../components/form/FieldGroup.tsx";
import { revealSocialNumber } from "../queries.ts";
import { type ContactForm, useContactInputs } from "./contactInputs.ts";
import { PersonsPicker } from "./PersonsPicker.tsx";

/**
 * The Edit Contact form's "More details": names, birth, citizenship, civil status, the secret
 * social number, mailing address ("Same as home address"), important dates, emergency contacts,
 * next of kin and notes. Loaded when first opened: most edits never need it.
 */
const revealOf = (group: PersonGroup, id: string) => () => revealSocialNumber(group, id);

export function ContactMoreDetails({ form }: { form: ContactForm }) {
  const { t } = useTranslation(["forms", "catalog", "errors"]);
  const values = form.values;
  const { error, input, text, choices } = useContactInputs(form);
  const firstErrorUnder = (prefix: string) =>
    Object.entries(form.errors).find(([path]) => isUnder(path, prefix))?.[1] ?? undefined;

  return (
    <Stack gap="lg" mt="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput label={t("contact.middleName")} {...text("mainDetails.middleName")} />
        <TextInput label={t("contact.nickname")} {...text("mainDetails.nickname")} />
        <TextInput label={t("contact.preferredName")} {...text("mainDetails.prefferedName")} />
        <DateField
          label={t("contact.birthday")}
          value={values.mainDetails.birthday}
          onChange={(birthday) => form.setFieldValue("mainDetails.birthday", birthday)}
          max={Date.now()}
          error={error("mainDetails.birthday")}
        />
        <CountrySelect
          label={t("contact.birthCountry")}
          value={values.mainDetails.birthcountry || null}
          onChange={(code) => form.setFieldValue("mainDetails.birthcountry", code ?? "")}
          error={error("mainDetails.birthcountry")}
        />
        <TextInput label={t("contact.birthPlace")} {...text("mainDetails.birthplace")} />
        <CountrySelect
          label={t("contact.citizenship")}
          value={values.mainDetails.citizenship || null}
          onChange={(code) => form.setFieldValue("mainDetails.citizenship", code ?? "")}
          error={error("mainDetails.citizenship")}
        />
        <NativeSelect
          label={t("contact.gender")}
          data={choices(GENDERS, (gender) => t(`catalog:gender.${gender}`))}
          {...input("mainDetails.gender")}
        />
        <NativeSelect
          label={t("contact.maritalStatus")}
          data={choices(MARITAL_STATUSES, (status) => t(`catalog:maritalStatus.${status}`))}
          {...input("mainDetails.maritalStatus")}
        />
        <TextInput label={t("contact.motherMaidenName")} {...text("mainDetails.motherMaidenName")} />
        <SecretField
          label={t("contact.socialNumber")}
          description={t("contact.socialNumberHelp")}
          maxLength={LIMITS.textMax}
          value={values.mainDetails.socialNumber}
          onChange={(value) => form.setFieldValue("mainDetails.socialNumber", value ?? "")}
          error={error("mainDetails.socialNumber")}
          {...(values.id !== null && values.group !== ""
            ? { reveal: revealOf(values.group, values.id) }
            : {})}
        />
      </SimpleGrid>

      <AddressPicker
        label={t("contact.mailingAddress")}
        value={values.mailingAddress}
        onChange={(id) => form.setFieldValue("mailingAddress", id)}
        sameAs={{ label: t("contact.sameAsHome"), addressId: values.homeAddress }}
        error={error("mailingAddress")}
      />

      <FieldGroup legend={t("contact.importantDates")} hint={t("contact.importantDatesHint")}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {(["marriage", "separation", "divorce", "death"] as const).map((key) => (
            <DateField
              key={key}
              label={t(`contact.dates.${key}`)}
              value={values.importantDates[key]}
              onChange={(date) => form.setFieldValue(`importantDates.${key}`, date)}
              error={error(`importantDates.${key}`)}
            />
          ))}
        </SimpleGrid>
      </FieldGroup>

      <PersonsPicker
        label={t("contact.emergencyContacts")}
        description={t("contact.emergencyContactsHelp")}
        value={values.iceDetails.emergencyContacts}
        onChange={(ids) => form.setFieldValue("iceDetails.emergencyContacts", ids)}
        excludeId={values.id}
        error={firstErrorUnder("iceDetails")}
      />
      <PersonsPicker
        label={t("contact.nextOfKin")}
        value={values.kinDetails.emergencyContacts}
        onChange={(ids) => form.setFieldValue("kinDetails.emergencyContacts", ids)}
        excludeId={values.id}
        error={firstErrorUnder("kinDetails")}
      />

      <Textarea
        label={t("contact.notes")}
        rows={4}
        resize="vertical"
        maxLength={LIMITS.longTextMax}
        description={t("contact.notesCount", {
          count: values.notes.length,
          max: LIMITS.longTextMax,
        })}
        {...input("notes")}
      />
    </Stack>
  );
}
