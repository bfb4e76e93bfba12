import { useTranslation } from "react-i18next";
import {
  changedTextRows,
  EditConflict,
  type EditConflictProps,
  type TextConflictField,
} from "../conflict/EditConflict.tsx";
import { useCountryName } from "../country/countryOptions.ts";
import { type AddressDraft, emptyAddressDraft } from "./addressDraft.ts";

type AddressConflictProps = Omit<EditConflictProps, "rows"> & {
  mine: AddressDraft;
  theirs: AddressDraft;
};

/** Every field of the form but the id, in the draft's order. */
const FIELDS = (Object.keys(emptyAddressDraft()) as (keyof AddressDraft)[]).filter((key) => key !== "id");

/** The address form's conflict: each field that differs, the country by its name in the UI language. */
export function AddressConflict({ mine, theirs, ...props }: AddressConflictProps) {
  const { t } = useTranslation("forms");
  const countryName = useCountryName();
  const fields: TextConflictField<AddressDraft>[] = FIELDS.map((key) => ({
    key,
    label: t(key === "name" ? "address.nickname" : `address.${key}`),
    text: key === "country" ? (values) => countryName(values.country) : (values) => values[key] ?? "",
  }));
  return <EditConflict rows={changedTextRows(fields, mine, theirs)} {...props} />;
}
