import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../domain/limits.ts";
import {
  type Address,
  type AddressUsage,
  addressInputSchema,
  NICKNAME_MESSAGE,
  nicknameKey,
} from "../../../domain/schemas/address.ts";
import { EditConflictNotice } from "../conflict/EditConflict.tsx";
import { useEditConflict } from "../conflict/useEditConflict.ts";
import { CountrySelect } from "../country/CountrySelect.tsx";
import { ConfirmDialog, DeleteRecordDialog } from "../dialogs/ConfirmDialog.tsx";
import type { FieldMessage } from "../form/schemaErrors.ts";
import { useSchemaForm } from "../form/useSchemaForm.ts";
import { AddressConflict } from "./AddressConflict.tsx";
import {
  addressQueryKeys,
  addressUsagesOf,
  deleteAddress,
  rememberAddress,
  saveAddress,
} from "./addressApi.ts";
import { type AddressDraft, draftOf, regionFieldOf, withCountry } from "./addressDraft.ts";
import { RegionField } from "./RegionField.tsx";

export interface AddressFormProps {
  initial: AddressDraft;
  /** The saved address's version the form was loaded from: a save names it (If-Match). */
  version?: number;
  /** The saved addresses, whose nicknames a new one must not repeat. */
  addresses: readonly Address[];
  onSaved: (address: Address) => void;
  onCancel: () => void;
  /** After a saved address was deleted (edit mode only). */
  onDeleted: () => void;
}

const TEXT_FIELDS = ["addressLine1", "addressLine2", "mainIntersection", "city"] as const;

/**
 * The picker's create/edit form. It is not a <form>: it sits inside the contact or company form,
 * and forms cannot nest; Enter in one of its fields saves the address, not the outer form.
 */
export function AddressForm({ initial, version, addresses, onSaved, onCancel, onDeleted }: AddressFormProps) {
  const { t } = useTranslation(["forms", "errors"]);
  const queryClient = useQueryClient();
  const editing = initial.id !== null;

  const takenNickname = (name: string) =>
    name.trim() !== "" &&
    addresses.some((address) => address.id !== initial.id && nicknameKey(address.name) === nicknameKey(name));

  const { form, showServerError } = useSchemaForm<AddressDraft>({
    initialValues: initial,
    schema: addressInputSchema,
    extraMessages: (values): Record<string, FieldMessage> =>
      takenNickname(values.name) ? { name: { key: NICKNAME_MESSAGE, params: {} } } : {},
  });
  const [failure, setFailure] = useState<string | null>(null);
  const conflicts = useEditConflict<Address, AddressDraft>({ version, form, valuesOf: draftOf });

  const save = useMutation({
    meta: { toast: "saved" },
    mutationFn: ({ draft, over }: { draft: AddressDraft; over: number | undefined }) =>
      saveAddress(draft, over),
    onSuccess: (address) => {
      conflicts.saved(address.version);
      rememberAddress(queryClient, address);
      void queryClient.invalidateQueries({ queryKey: addressQueryKeys.all });
      onSaved(address);
    },
    onError: (error, { draft }) => {
      if (!conflicts.refused(error, draft)) {
        setFailure(showServerError(error, (path) => path in form.values));
        return;
      }
      // The picker's view and a later edit start from the version saved since, not the one cached.
      void queryClient.invalidateQueries({ queryKey: addressQueryKeys.all });
    },
  });

  const [askDelete, setAskDelete] = useState(false);
  const [usages, setUsages] = useState<AddressUsage[] | null>(null);
  const remove = useMutation({
    mutationFn: ({ confirm }: { confirm: boolean }) => deleteAddress(initial.id ?? "", confirm),
    onSuccess: (_, { confirm }) => {
      setAskDelete(false);
      setUsages(null);
      // A confirmed delete cleared the address from persons and companies: their data changed too.
      if (confirm) void queryClient.invalidateQueries();
      else void queryClient.invalidateQueries({ queryKey: addressQueryKeys.all });
      queryClient.setQueryData<Address[]>(addressQueryKeys.all, (list) =>
        list?.filter((entry) => entry.id !== initial.id),
      );
      onDeleted();
    },
    onError: (error) => {
      const inUse = addressUsagesOf(error);
      setAskDelete(false);
      if (inUse) setUsages(inUse);
      else setFailure(showServerError(error, () => false));
    },
  });

  const nicknameTaken = takenNickname(form.values.name);
  const canSave = form.values.name.trim() !== "" && !nicknameTaken;
  const submit = () => {
    setFailure(null);
    conflicts.clearNotice();
    if (!canSave || form.validate().hasErrors) return;
    save.mutate({ draft: form.values, over: conflicts.baseVersion });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      event.key === "Enter" &&
      event.target instanceof HTMLInputElement &&
      event.target.type !== "checkbox"
    ) {
      event.preventDefault();
      submit();
    }
  };

  const country = form.values.country;
  const region = regionFieldOf(country);
  const text = (field: (typeof TEXT_FIELDS)[number] | "zip") => ({
    ...form.getInputProps(field),
    maxLength: LIMITS.textMax,
    autoComplete: "off",
    "aria-invalid": form.errors[field] ? true : undefined,
  });
  const conflict = conflicts.conflict;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter is caught here for the whole group of fields
    <div ref={conflicts.formRef} onKeyDown={onKeyDown}>
      <Stack gap="sm">
        {conflict !== null && (
          <AddressConflict
            mine={conflict.mine}
            theirs={draftOf(conflict.current)}
            saving={save.isPending}
            onKeepMine={() => save.mutate({ draft: form.values, over: conflict.current.version })}
            {...conflict.panel}
          />
        )}
        <EditConflictNotice notice={conflicts.notice} />
        <TextInput
          label={t("address.nickname")}
          required
          {...form.getInputProps("name")}
          error={nicknameTaken ? t(NICKNAME_MESSAGE) : form.errors.name}
          aria-invalid={nicknameTaken || form.errors.name ? true : undefined}
          maxLength={LIMITS.textMax}
          autoComplete="off"
        />
        <CountrySelect
          label={t("address.country")}
          value={country || null}
          onChange={(code) => form.setValues(withCountry(form.values, code ?? ""))}
          error={form.errors.country}
        />
        {country && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
            <TextInput label={t("address.addressLine1")} {...text("addressLine1")} />
            <TextInput label={t("address.addressLine2")} {...text("addressLine2")} />
            <TextInput label={t("address.mainIntersection")} {...text("mainIntersection")} />
            <TextInput label={t("address.city")} {...text("city")} />
            <RegionField
              field={region}
              value={form.values[region]}
              onChange={(value) => form.setFieldValue(region, value)}
              onBlur={() => form.validateField(region)}
              error={form.errors[region]}
            />
            <TextInput label={t("address.zip")} {...text("zip")} />
          </SimpleGrid>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <Group gap="sm">
          <Button onClick={submit} disabled={!canSave} loading={save.isPending}>
            {t("address.save")}
          </Button>
          {editing && (
            <Button variant="outline" color="red" onClick={() => setAskDelete(true)}>
              {t("address.delete")}
            </Button>
          )}
          <Button variant="subtle" onClick={onCancel}>
            {t("address.cancel")}
          </Button>
        </Group>
      </Stack>
      <DeleteRecordDialog
        opened={askDelete}
        onConfirm={() => remove.mutate({ confirm: false })}
        onCancel={() => setAskDelete(false)}
        pending={remove.isPending}
      />
      <ConfirmDialog
        opened={usages !== null}
        title={t("address.inUse.title")}
        confirmLabel={t("address.inUse.confirm")}
        cancelLabel={t("dialog.no")}
        onConfirm={() => remove.mutate({ confirm: true })}
        onCancel={() => setUsages(null)}
        pending={remove.isPending}
        destructive
      >
        <Stack gap="xs">
          <p style={{ margin: 0 }}>{t("address.inUse.body")}</p>
          <ul style={{ margin: 0 }}>
            {usages?.map((usage) => (
              <li key={`${usage.kind}:${usage.id}`}>
                {t(`address.inUse.${usage.kind}`, { name: usage.name })}
              </li>
            ))}
          </ul>
        </Stack>
      </ConfirmDialog>
    </div>
  );
}
