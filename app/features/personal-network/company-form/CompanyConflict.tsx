import { useTranslation } from "react-i18next";
import {
  changedTextRows,
  EditConflict,
  type EditConflictProps,
  type TextConflictField,
} from "../../../components/conflict/EditConflict.tsx";
import { useAddressLookup } from "../../../components/fields/lookups.ts";
import type { CompanyFormValues } from "./companyFormValues.ts";

type CompanyConflictProps = Omit<EditConflictProps, "rows"> & {
  mine: CompanyFormValues;
  theirs: CompanyFormValues;
};

/** The Edit Company form's conflict: each field that differs, its address by its nickname. */
export function CompanyConflict({ mine, theirs, ...props }: CompanyConflictProps) {
  const { t } = useTranslation("forms");
  const address = useAddressLookup([mine.address, theirs.address].filter((id): id is string => id !== null));
  const fields: TextConflictField<CompanyFormValues>[] = [
    { key: "name", label: t("company.name"), text: (v) => v.name },
    { key: "website", label: t("company.website"), text: (v) => v.website },
    {
      key: "phones",
      label: t("phone.legend"),
      text: (v) =>
        v.phones
          .map((phone) => phone.number.trim())
          .filter(Boolean)
          .join(", "),
    },
    { key: "emails", label: t("email.legend"), text: (v) => v.emails.filter(Boolean).join(", ") },
    {
      key: "address",
      label: t("company.address"),
      text: (v) => (v.address === null ? "" : (address(v.address)?.name ?? "")),
    },
  ];
  return <EditConflict rows={changedTextRows(fields, mine, theirs)} {...props} />;
}
