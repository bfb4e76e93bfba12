import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Switch.css";
import "@mantine/core/styles/SimpleGrid.css";
import { Alert, Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { IconChevronDown, IconChevronUp, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { OWN_GROUP, type PersonGroup } from "../../../../domain/catalog/relationships.ts";
import { TIMINGS_MS } from "../../../../domain/limits.ts";
import type { PersonRecord } from "../../../../domain/schemas/person.ts";
import { EditConflictNotice } from "../../../components/conflict/EditConflict.tsx";
import { useEditConflict } from "../../../components/conflict/useEditConflict.ts";
import { DeleteRecordDialog } from "../../../components/dialogs/ConfirmDialog.tsx";
import { isUnder } from "../../../components/form/errorPaths.ts";
import { lazySchemaModule } from "../../../components/form/lazySchema.ts";
import { useSchemaForm } from "../../../components/form/useSchemaForm.ts";
import type { PhoneLibrary } from "../../../components/phone/phoneLibrary.ts";
import { usePhoneLibrary } from "../../../components/phone/phoneLibrary.ts";
import { PhotoInput } from "../../../components/photo/PhotoInput.tsx";
import { useGuardedSave } from "../../../shell/unsaved/useGuardedSave.ts";
import { deletePerson, fetchPersonToEdit, personQueryKeys, savePerson } from "../queries.ts";
import { ContactConflict } from "./ContactConflict.tsx";
import { ContactIdentityFields } from "./ContactIdentityFields.tsx";
import { ContactReachFields } from "./ContactReachFields.tsx";
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

// The person schema brings zod and libphonenumber-js: fetched when the form is first focused or saved.
const personSchemas = lazySchemaModule(() => import("../../../../domain/schemas/person.ts"));

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
    queryKey: personQueryKeys.editing(group ?? OWN_GROUP, own ? OWN_GROUP : (personId ?? "")),
    queryFn: () => fetchPersonToEdit(group ?? OWN_GROUP, own ? null : (personId ?? "")),
    enabled: own || (personId !== undefined && group !== undefined),
    // The form starts from what was loaded; a later refetch must not reset what is being typed.
    staleTime: Number.POSITIVE_INFINITY,
  });
  // A saved person's phones are shown formatted from the start: the library loads beside them.
  const phones = usePhoneLibrary(own || personId !== undefined);

  if (own || personId !== undefined) {
    if (person.isError || (!own && group === undefined)) {
      return (
        <Alert color="red" variant="light" role="alert">
          {t("contact.loadFailed")}
        </Alert>
      );
    }
    if (!person.data || !phones) {
      return (
        <Center py="xl">
          <Loader role="status" aria-label={t("contact.loading")} />
        </Center>
      );
    }
    return (
      <ContactFields
        key={person.data.id}
        initial={contactValuesOf(person.data, phones)}
        version={person.data.version}
        phones={phones}
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
      phones={phones}
      familyTree={familyTree}
      onSaved={onSaved}
      onCancel={onCancel}
      onDeleted={onDeleted}
    />
  );
}

interface ContactFieldsProps {
  initial: ContactFormValues;
  /** The saved person's version the form was loaded from: a save names it (If-Match). */
  version?: number;
  /** Formats the phones of a saved version a conflict shows. */
  phones: PhoneLibrary | null;
  familyTree: boolean;
  onSaved: (id: string) => void;
  onCancel: () => void;
  onDeleted?: () => void;
}

function ContactFields({
  initial,
  version,
  phones,
  familyTree,
  onSaved,
  onCancel,
  onDeleted,
}: ContactFieldsProps) {
  const { t } = useTranslation(["forms", "catalog", "errors"]);
  const queryClient = useQueryClient();
  const moreId = useId();
  const hintId = useId();
  const { form, showServerError, checked, formProps } = useSchemaForm<ContactFormValues>({
    initialValues: initial,
    schema: personSchemas((module) => module.personInputSchema),
    extraMessages: contactExtraMessages,
  });
  const [saved, setSaved] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const [askDelete, setAskDelete] = useState(false);
  const conflicts = useEditConflict<PersonRecord, ContactFormValues>({
    version,
    form,
    valuesOf: (stored) => contactValuesOf(stored, phones),
    onTaken: setSaved,
  });
  const values = form.values;
  const isOwn = values.group === OWN_GROUP;

  // A message about a field under "More details" opens it, so the reader sees what to fix.
  useEffect(() => {
    if (Object.keys(form.errors).some((path) => MORE_DETAILS_PATHS.some((prefix) => isUnder(path, prefix)))) {
      setMoreOpen(true);
    }
  }, [form.errors]);

  // Cancel clears the form after the spec's delay, once the editor has closed.
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const save = useMutation({
    meta: { toast: "saved" },
    mutationFn: ({ current, over }: { current: ContactFormValues; over: number | undefined }) =>
      savePerson(contactBody(current, saved), over),
    onSuccess: ({ id, version: stored }, { current }) => {
      const kept = { ...current, id };
      setSaved(kept);
      conflicts.saved(stored);
      form.setFieldValue("id", id);
      form.resetDirty(kept);
      void queryClient.invalidateQueries({ queryKey: personQueryKeys.all });
      onSaved(id);
    },
    onError: (error, { current }) => {
      if (!conflicts.refused(error, current)) setFailure(showServerError(error, isContactFieldPath));
    },
  });

  const submit = useGuardedSave(
    checked,
    (current) => save.mutateAsync({ current, over: conflicts.baseVersion }),
    () => {
      setFailure(null);
      conflicts.clearNotice();
    },
  );

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
  const conflict = conflicts.conflict;
  const fullName = [values.mainDetails.firstName, values.mainDetails.lastName].filter(Boolean).join(" ");

  return (
    <form ref={conflicts.formRef} onSubmit={submit} noValidate {...formProps}>
      <Stack gap="lg">
        {conflict !== null && (
          <ContactConflict
            mine={conflict.mine}
            theirs={contactValuesOf(conflict.current, phones)}
            saving={save.isPending}
            onKeepMine={() => save.mutate({ current: form.values, over: conflict.current.version })}
            {...conflict.panel}
          />
        )}
        <EditConflictNotice notice={conflicts.notice} />
        <PhotoInput
          value={values.mainDetails.imageSrc}
          onChange={(src) => form.setFieldValue("mainDetails.imageSrc", src)}
          name={fullName || undefined}
          error={form.errors["mainDetails.imageSrc"]}
        />
        <ContactIdentityFields form={form} familyTree={familyTree} />
        <ContactReachFields form={form} />

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
}
