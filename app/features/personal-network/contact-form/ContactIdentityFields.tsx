import { Checkbox, NativeSelect, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ORIGINS } from "../../../../domain/catalog/personOptions.ts";
import {
  groupsFor,
  OWN_GROUP,
  type PersonGroup,
  relationshipGroupLabelKey,
  typesOf,
} from "../../../../domain/catalog/relationships.ts";
import { AddressPicker } from "../../../components/address/AddressPicker.tsx";
import { withoutErrorsUnder } from "../../../components/form/errorPaths.ts";
import { InstitutionPicker } from "../../../components/institution/InstitutionPicker.tsx";
import { type ContactForm, useContactInputs } from "./contactInputs.ts";

/**
 * Who the person is: names, relationship group and type (the spec's lists, fewer on the family
 * tree; "me" only on the user's own record, and fixed there), then what the group adds: origin and
 * dependence for family, current partner, an advisor's company and business address.
 */
export function ContactIdentityFields({ form, familyTree }: { form: ContactForm; familyTree: boolean }) {
  const { t } = useTranslation(["forms", "catalog"]);
  const { error, input, text, choices } = useContactInputs(form);
  const values = form.values;
  const isOwn = values.group === OWN_GROUP;
  const groupLabel = (group: string) => t(`catalog:${relationshipGroupLabelKey(group as PersonGroup)}`);

  // A person already in a group or type no longer offered keeps it as a choice.
  const offeredGroups: readonly PersonGroup[] = groupsFor({ familyTree }).filter(
    (group) => group !== OWN_GROUP,
  );
  const groupOptions: readonly PersonGroup[] = isOwn
    ? [OWN_GROUP]
    : values.group !== "" && !offeredGroups.includes(values.group)
      ? [...offeredGroups, values.group]
      : offeredGroups;
  const offeredTypes: readonly string[] = values.group === "" ? [] : typesOf(values.group, { familyTree });
  const typeOptions =
    values.type !== "" && !offeredTypes.includes(values.type) ? [...offeredTypes, values.type] : offeredTypes;
  const withRelation = values.group === "child" || values.group === "dependent" || values.group === "partner";

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextInput label={t("contact.firstName")} required {...text("mainDetails.firstName")} />
        <TextInput label={t("contact.lastName")} {...text("mainDetails.lastName")} />
        <NativeSelect
          label={t("contact.group")}
          required
          disabled={isOwn}
          description={isOwn ? t("contact.groupFixed") : undefined}
          data={choices(groupOptions, groupLabel)}
          {...input("group")}
          onChange={(event) => {
            // The spec: changing the group clears the type.
            form.setValues({ group: event.currentTarget.value as PersonGroup | "", type: "", otherType: "" });
            form.setErrors((errors) => withoutErrorsUnder(withoutErrorsUnder(errors, "group"), "type"));
          }}
        />
        {!isOwn && (
          <NativeSelect
            label={t("contact.type")}
            required
            disabled={values.group === ""}
            description={values.group === "" ? t("contact.typeNeedsGroup") : undefined}
            data={choices(typeOptions, (type) => t(`catalog:relationshipType.${type}`))}
            {...input("type")}
          />
        )}
        {values.type === "other" && <TextInput label={t("contact.otherType")} {...text("otherType")} />}
      </SimpleGrid>

      {withRelation && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <NativeSelect
            label={t("contact.origin")}
            data={choices(ORIGINS, (origin) => t(`catalog:origin.${origin}`))}
            {...input("relationDetails.origin")}
          />
          {values.relationDetails.origin === "other" && (
            <TextInput label={t("contact.originOther")} {...text("relationDetails.originOther")} />
          )}
          <Checkbox
            label={t("contact.dependent")}
            description={t("contact.dependentHelp")}
            {...form.getInputProps("relationDetails.dependent", { type: "checkbox" })}
          />
          {values.group === "partner" && (
            <Switch
              label={t("contact.currentPartner")}
              {...form.getInputProps("currentPartner", { type: "checkbox" })}
            />
          )}
        </SimpleGrid>
      )}

      {values.group === "advisor" && (
        <Stack gap="md">
          <InstitutionPicker
            label={t("contact.company")}
            value={values.companyName}
            onChange={(id) => form.setFieldValue("companyName", id)}
            error={error("companyName")}
          />
          <AddressPicker
            label={t("contact.businessAddress")}
            value={values.businessAddress}
            onChange={(id) => form.setFieldValue("businessAddress", id)}
            error={error("businessAddress")}
          />
        </Stack>
      )}
    </>
  );
}
