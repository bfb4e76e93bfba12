import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Checkbox.css";
import { Checkbox, Loader, Paper, Select, Stack } from "@mantine/core";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Versioned } from "../../../domain/api/versions.ts";
import type { Address } from "../../../domain/schemas/address.ts";
import { clearButtonProps } from "../form/clearButton.ts";
import { AddressView } from "./AddressView.tsx";
import { useAddresses } from "./addressApi.ts";
import { type AddressDraft, draftOf, emptyAddressDraft } from "./addressDraft.ts";

// The create/edit form (its schema, the country-dependent region lists) loads when first needed.
const AddressForm = lazy(() =>
  import("./AddressForm.tsx").then((module) => ({ default: module.AddressForm })),
);

/** The select's own option that opens an empty form. Never an address id (those are UUIDs). */
const ADD_NEW = "add-new-address";

export interface AddressPickerProps {
  /** The field's name ("Home address"). */
  label: string;
  /** The chosen saved address's id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  /**
   * The "same as above" option: its label ("Same as home address") and the address it copies.
   * While it is ticked, this field follows that address and shows it read-only.
   */
  sameAs?: { label: string; addressId: string | null };
  /** The field must be filled: its label shows the required mark. */
  required?: boolean;
  error?: ReactNode;
}

/** The form open in the panel; an edit names the version it was loaded from. */
type Editing = { mode: "create" | "edit"; draft: AddressDraft; version?: number } | null;

/**
 * The spec's address picker: a select of the saved addresses' nicknames plus "Add New Address"
 * with a clear button, and a panel showing the chosen address (view mode, with "Edit Address") or
 * the form to create or edit one ("Save Address", "Delete Address"). Saving chooses the address;
 * deleting or clearing leaves the field empty.
 */
export function AddressPicker({ label, value, onChange, sameAs, error, required }: AddressPickerProps) {
  const { t } = useTranslation("forms");
  const { data: addresses } = useAddresses();
  const [editing, setEditing] = useState<Editing>(null);
  const [sameAsOn, setSameAsOn] = useState(
    () => sameAs !== undefined && value !== null && value === sameAs.addressId,
  );
  const chosen: Versioned<Address> | undefined = addresses?.find((address) => address.id === value);

  // Ticked "same as above" follows the other field; when that one is emptied, this one is too.
  const followed = sameAs?.addressId ?? null;
  useEffect(() => {
    if (!sameAsOn) return;
    if (followed === null) setSameAsOn(false);
    if (followed !== value) onChange(followed);
  }, [sameAsOn, followed, value, onChange]);

  // An address deleted through another picker (the same one chosen twice) is no longer a choice:
  // when the list that held it comes back without it, the field lets go of it.
  const listed = useRef<readonly Address[] | undefined>(undefined);
  useEffect(() => {
    const before = listed.current;
    listed.current = addresses;
    const held = (list: readonly Address[] | undefined) => list?.some((address) => address.id === value);
    if (value !== null && held(before) && addresses !== undefined && !held(addresses)) onChange(null);
  }, [addresses, value, onChange]);

  const choose = (id: string | null) => {
    if (id === ADD_NEW) {
      setEditing({ mode: "create", draft: emptyAddressDraft() });
      onChange(null);
      return;
    }
    setEditing(null);
    onChange(id);
  };

  const options = [
    { value: ADD_NEW, label: t("address.addNew") },
    ...[...(addresses ?? [])]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((address) => ({ value: address.id, label: address.name })),
  ];

  return (
    <Stack gap="xs">
      <Select
        label={label}
        required={required}
        placeholder={t("address.choose")}
        data={options}
        value={editing?.mode === "create" ? ADD_NEW : value}
        onChange={choose}
        searchable
        clearable
        allowDeselect={false}
        disabled={sameAsOn}
        nothingFoundMessage={t("select.nothingFound")}
        clearButtonProps={clearButtonProps(t("select.clear", { label }))}
        error={error}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
      />
      {sameAs && (
        <Checkbox
          label={sameAs.label}
          checked={sameAsOn}
          disabled={sameAs.addressId === null && !sameAsOn}
          description={sameAs.addressId === null ? t("address.sameAsNeedsAddress") : undefined}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            setSameAsOn(on);
            setEditing(null);
            onChange(on ? sameAs.addressId : null);
          }}
        />
      )}
      <div>
        {editing ? (
          <Paper withBorder p="md" radius="md">
            <Suspense fallback={<Loader size="sm" role="status" aria-label={t("address.loading")} />}>
              <AddressForm
                key={editing.draft.id ?? ADD_NEW}
                initial={editing.draft}
                version={editing.version}
                addresses={addresses ?? []}
                onSaved={(address) => {
                  setEditing(null);
                  onChange(address.id);
                }}
                onCancel={() => setEditing(null)}
                onDeleted={() => {
                  setEditing(null);
                  setSameAsOn(false);
                  onChange(null);
                }}
              />
            </Suspense>
          </Paper>
        ) : (
          chosen && (
            <Paper withBorder p="md" radius="md">
              <AddressView
                address={chosen}
                onEdit={() => setEditing({ mode: "edit", draft: draftOf(chosen), version: chosen.version })}
              />
            </Paper>
          )
        )}
      </div>
    </Stack>
  );
}
