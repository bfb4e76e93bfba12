import "@mantine/core/styles/Combobox.css";
import { Button, Group, Select } from "@mantine/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { clearButtonProps } from "../form/clearButton.ts";
import { useInstitutions } from "./institutionApi.ts";

// The Edit Company modal (its form, schema and phone library) loads when it is first opened. It
// lives with the personal network's forms; the picker is its one doorway from other screens.
const CompanyForm = lazy(() =>
  import("../../features/personal-network/company-form/CompanyForm.tsx").then((module) => ({
    default: module.CompanyForm,
  })),
);

export interface InstitutionPickerProps {
  /** The field's name ("Company"). */
  label: string;
  /** The chosen company's id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  error?: ReactNode;
  /** The field must be filled: its label shows the required mark. */
  required?: boolean;
}

/**
 * A company (institution) of the saved ones, searchable, with "Add company" to create one in the
 * Edit Company modal (it is chosen once saved) and "Edit company" for the chosen one.
 */
export function InstitutionPicker({ label, value, onChange, error, required }: InstitutionPickerProps) {
  const { t } = useTranslation("forms");
  const { data: institutions } = useInstitutions();
  const [modal, setModal] = useState<{ id: string | null } | null>(null);
  const options = [...(institutions ?? [])]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((institution) => ({ value: institution.id, label: institution.name }));

  return (
    <div>
      <Select
        label={label}
        required={required}
        placeholder={t("company.choose")}
        data={options}
        value={value}
        onChange={onChange}
        searchable
        clearable
        nothingFoundMessage={t("select.nothingFound")}
        clearButtonProps={clearButtonProps(t("select.clear", { label }))}
        error={error}
        aria-invalid={error ? true : undefined}
        autoComplete="off"
      />
      <Group gap="xs" mt="xs">
        <Button
          variant="light"
          size="compact-md"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setModal({ id: null })}
        >
          {t("company.add")}
        </Button>
        {value && (
          <Button
            variant="subtle"
            size="compact-md"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setModal({ id: value })}
          >
            {t("company.edit")}
          </Button>
        )}
      </Group>
      {modal && (
        <Suspense fallback={null}>
          <CompanyForm
            opened
            institutionId={modal.id}
            onClose={() => setModal(null)}
            onSaved={(id) => {
              setModal(null);
              onChange(id);
            }}
            onDeleted={() => {
              setModal(null);
              onChange(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
