import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/SimpleGrid.css";
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ORIGINS } from "../../../../domain/catalog/personOptions.ts";
import {
  groupsFor,
  OWN_GROUP,
  type PersonGroup,
  relationshipGroupLabelKey,
  typesOf,
} from "../../../../domain/catalog/relationships.ts";
import { LIMITS, TIMINGS_MS } from "../../../../domain/limits.ts";
import { personInputSchema } from "../../../../domain/schemas/person.ts";
import { AddressPicker } from "../../../components/address/AddressPicker.tsx";
import { DeleteRecordDialog } from "../../../components/dialogs/ConfirmDialog.tsx";
import { EmailListInput } from "../../../components/EmailListInput.tsx";
import { isUnder, withoutErrorsUnder } from "../../../components/form/errorPaths.ts";
import { useSchemaForm } from "../../../components/form/useSchemaForm.ts";
import { InstitutionPicker } from "../../../components/institution/InstitutionPicker.tsx";
import { PhoneListInput } from "../../../components/phone/PhoneListInput.tsx";
import { PhotoInput } from "../../../components/photo/PhotoInput.tsx";
import { useGuardedSave } from "../../../shell/unsaved/useGuardedSave.ts";
import { deletePerson, fetchOwnPerson, fetchPerson, personQueryKeys, savePerson } from "../queries.ts";
import {
  type ContactFormValues,
  contactBody,
  contactExtraMessages,
  contactValuesOf,
  emptyContact,
  isContactFieldPath,
  MORE_DETAILS_PATHS,
} from "./contactFormValues.ts";

// "More details" (dates, masked input, persons picker, notes) loads when first opened.
const ContactMoreDetails = lazy(() =>
  import("./ContactMoreDetails.tsx").then((module) => ({ default: module.ContactMoreDetails })),
);

export interface ContactFormProps {
  /** The person to edit; absent for a new one. */
  personId?: string;
  /** The person's group (needed to load one), or the group a new person starts in. "me" edits the user's own record. */
  group?: PersonGroup;
  /** On the Immediate Family Tree page: fewer groups and types are offered. */
  familyTree?: boolean;
  onSaved: (id: string) => void;
  onCancel: () => void;
  onDeleted?: () => void;
}

/**
 * The spec's Edit Contact form. It loads the person when editing (with a busy indicator), checks
 * every field with the same schema as the server, saves with POST /api/pn/person and refreshes
 * every person query (lists, the family tree, the record), and answers the unsaved-changes guard.
 */
export function ContactForm({
  personId,
  group,
  familyTree = false,
  onSaved,
  onCancel,
  onDeleted,
}: ContactFormProps) {
  const { t } = useTranslation(["forms", "catalog", "errors"]);
  const own = group === OWN_GROUP;
  const person = useQuery({
    queryKey: own ? personQueryKeys.own() : personQueryKeys.one(group ?? OWN_GROUP, personId ?? ""),
    queryFn: () => (own ? fetchOwnPerson() : fetchPerson(group ?? OWN_GROUP, personId ?? "")),
    enabled: own || (personId !== undefined && group !== undefined),
    // The form starts from what was loaded; a later refetch must not reset what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (own || personId !== undefined) {
    if (person.isError || (!own && group === undefined)) {
      return (
        <Alert color="red" variant="light" role="alert">
          {t("contact.loadFailed")}
        </Alert>
      );
    }
    if (!person.data) {
      return (
        <Center py="xl">
          <Loader role="status" aria-label={t("contact.loading")} />
        </Center>
      );
    }
    return (
      <ContactFields
        key={person.data.id}
        initial={contactValuesOf(person.data)}
        familyTree={familyTree}
        onSaved={onSaved}
        onCancel={onCancel}
        onDeleted={onDeleted}
      />
    );
  }
  return (
    <ContactFields
      initial={emptyContact(group ?? "")}
      familyTree={familyTree}
      onSaved={onSaved}
      onCancel={onCancel}
      onDeleted={onDeleted}
    />
  );
}

interface ContactFieldsProps {
  initial: ContactFormValues;
  familyTree: boolean;
  onSaved: (id: string) => void;
  onCancel: () => void;
  onDeleted?: () => void;
}

function ContactFields({ initial, familyTree, onSaved, onCancel, onDeleted }: ContactFieldsProps) {
  const { t } = useTranslation(["forms", "catalog", "errors"]);
  const queryClient = useQueryClient();
  const moreId = useId();
  const hintId = useId();
  const { form, showServerError } = useSchemaForm<ContactFormValues>({
    initialValues: initial,
    schema: personInputSchema,
    extraMessages: contactExtraMessages,
  });
  const [saved, setSaved] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  const values = form.values;
  const isOwn = values.group === OWN_GROUP;

  // A message about a field under "More details" opens it, so the reader sees what to fix.
  useEffect(() => {
    if (Object.keys(form.errors).some((path) => MORE_DETAILS_PATHS.some((prefix) => isUnder(path, prefix)))) {
      setMoreOpen(true);
    }
  }, [form.errors]);

  // Cancel clears the form 300 ms later (the spec), once the editor has closed.
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const save = useMutation({
    meta: { toast: "saved" },
    mutationFn: (current: ContactFormValues) => savePerson(contactBody(current, saved)),
    onSuccess: (id, current) => {
      const stored = { ...current, id };
      setSaved(stored);
      form.setFieldValue("id", id);
      form.resetDirty(stored);
      void queryClient.invalidateQueries({ queryKey: personQueryKeys.all });
      onSaved(id);
    },
    onError: (error) => setFailure(showServerError(error, isContactFieldPath)),
  });

  const submit = useGuardedSave(form, save.mutateAsync, () => setFailure(null));

  const remove = useMutation({
    meta: { toast: "deleted" },
    mutationFn: () => deletePerson(saved.id ?? ""),
    onSuccess: () => {
      setAskDelete(false);
      form.resetDirty();
      void queryClient.invalidateQueries({ queryKey: personQueryKeys.all });
      onDeleted?.();
    },
    onError: (error) => {
      setAskDelete(false);
      setFailure(showServerError(error, () => false));
    },
  });

  const cancel = () => {
    onCancel();
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => {
      form.setValues(saved);
      form.resetDirty(saved);
      form.clearErrors();
      setFailure(null);
      setMoreOpen(false);
    }, TIMINGS_MS.contactEditorReset);
  };

  const valid = form.isValid();
  const error = (path: string) => form.errors[path];
  const input = (path: Parameters<typeof form.getInputProps>[0]) => ({
    ...form.getInputProps(path),
    "aria-invalid": form.errors[path] ? true : undefined,
  });
  const text = (path: Parameters<typeof form.getInputProps>[0]) => ({
    ...input(path),
    maxLength: LIMITS.textMax,
    autoComplete: "off",
  });
  const choices = (keys: readonly string[], labelOf: (key: string) => string) => [
    { value: "", label: t("select.choose") },
    ...keys.map((key) => ({ value: key, label: labelOf(key) })),
  ];

  // Groups offered: the spec's (fewer on the family tree); "me" only on the user's own record.
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
  const fullName = [values.mainDetails.firstName, values.mainDetails.lastName].filter(Boolean).join(" ");

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <PhotoInput
          value={values.mainDetails.imageSrc}
          onChange={(src) => form.setFieldValue("mainDetails.imageSrc", src)}
          name={fullName || undefined}
          error={error("mainDetails.imageSrc")}
        />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput label={t("contact.firstName")} required {...text("mainDetails.firstName")} />
          <TextInput label={t("contact.lastName")} {...text("mainDetails.lastName")} />
          <NativeSelect
            label={t("contact.group")}
            required
            disabled={isOwn}
            description={isOwn ? t("contact.groupFixed") : undefined}
            data={isOwn ? choices([OWN_GROUP], groupLabel) : choices(groupOptions, groupLabel)}
            {...input("group")}
            onChange={(event) => {
              // The spec: changing the group clears the type.
              form.setValues({
                group: event.currentTarget.value as PersonGroup | "",
                type: "",
                otherType: "",
              });
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

        <PhoneListInput
          values={values.contactDetails.phones}
          onChange={(rows, edited) => {
            form.setFieldValue("contactDetails.phones", rows);
            form.setErrors((errors) =>
              withoutErrorsUnder(
                errors,
                edited === null ? "contactDetails.phones" : `contactDetails.phones.${edited}`,
              ),
            );
          }}
          errorOf={(index, field) =>
            error(`contactDetails.phones.${index}.${field}`) ??
            (field === "number" ? error(`contactDetails.phones.${index}`) : undefined)
          }
          onBlurField={(index, field) => form.validateField(`contactDetails.phones.${index}.${field}`)}
        />
        <EmailListInput
          values={values.contactDetails.emails}
          onChange={(rows, edited) => {
            form.setFieldValue("contactDetails.emails", rows);
            form.setErrors((errors) =>
              withoutErrorsUnder(
                errors,
                edited === null ? "contactDetails.emails" : `contactDetails.emails.${edited}`,
              ),
            );
          }}
          errorOf={(index) => error(`contactDetails.emails.${index}`)}
          onBlurRow={(index) => form.validateField(`contactDetails.emails.${index}`)}
        />
        <AddressPicker
          label={t("contact.homeAddress")}
          value={values.homeAddress}
          onChange={(id) => form.setFieldValue("homeAddress", id)}
          error={error("homeAddress")}
        />

        <div>
          <Button
            variant="subtle"
            px={0}
            rightSection={
              moreOpen ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />
            }
            aria-expanded={moreOpen}
            aria-controls={moreId}
            onClick={() => setMoreOpen((open) => !open)}
          >
            {t("contact.moreDetails")}
          </Button>
          <div id={moreId}>
            {moreOpen && (
              <Suspense
                fallback={
                  <Center py="md">
                    <Loader size="sm" role="status" aria-label={t("contact.loadingMore")} />
                  </Center>
                }
              >
                <ContactMoreDetails form={form} />
              </Suspense>
            )}
          </div>
        </div>

        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          <Group>
            {saved.id && !isOwn && (
              <Button
                variant="outline"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setAskDelete(true)}
              >
                {t("contact.delete")}
              </Button>
            )}
          </Group>
          <Group gap="sm">
            <Button variant="default" onClick={cancel}>
              {t("form.cancel")}
            </Button>
            <Button
              type="submit"
              disabled={!valid}
              loading={save.isPending}
              aria-describedby={valid ? undefined : hintId}
            >
              {t("form.save")}
            </Button>
          </Group>
        </Group>
        {!valid && (
          <Text id={hintId} size="sm" c="dimmed" ta="right">
            {t("contact.saveHint")}
          </Text>
        )}
      </Stack>
      <DeleteRecordDialog
        opened={askDelete}
        onConfirm={() => remove.mutate()}
        onCancel={() => setAskDelete(false)}
        pending={remove.isPending}
      />
    </form>
  );

  function groupLabel(group: string): string {
    return t(`catalog:${relationshipGroupLabelKey(group as PersonGroup)}`);
  }
}
