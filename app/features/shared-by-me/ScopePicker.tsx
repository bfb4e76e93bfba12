import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Pill.css";
import "@mantine/core/styles/PillsInput.css";
import "@mantine/core/styles/SimpleGrid.css";
import { Checkbox, Input, MultiSelect, SimpleGrid, Stack, Text } from "@mantine/core";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { SHAREABLE_MODULES, type ShareableModule } from "../../../domain/schemas/share.ts";
import { categoriesOf } from "../../../domain/sections/index.ts";
import { moduleLabelKey } from "../../../domain/sections/labels.ts";
import { clearButtonProps } from "../../components/form/clearButton.ts";
import { FieldGroup } from "../../components/form/FieldGroup.tsx";
import { categoryTitleKey } from "../records/recordPlace.ts";

/** The scope as the form holds it: plain strings, checked by the domain schema. */
export type ScopeValue = { modules: string[]; categories: string[] };

export interface ScopePickerProps {
  value: ScopeValue;
  onChange: (value: ScopeValue) => void;
  error?: ReactNode;
  /** The legend, hint and help naming who reads the scope; the nominees' by default. */
  texts?: { legend: string; hint: string; help: string };
}

/**
 * What is shared: a checkbox per shareable module (the whole module), and for each record module
 * not shared whole, a multiselect of single categories. Sharing a module whole drops its single
 * categories, which it already includes.
 */
export function ScopePicker({ value, onChange, error, texts }: ScopePickerProps) {
  const { t } = useTranslation(["sharing", "sections", "forms"]);
  const errorId = useId();

  const setWhole = (module: ShareableModule, whole: boolean) => {
    const own = new Set<string>(
      module === "personal-network" ? [] : categoriesOf(module).map((category) => category.key),
    );
    onChange({
      modules: whole
        ? [...value.modules.filter((key) => key !== module), module]
        : value.modules.filter((key) => key !== module),
      categories: whole ? value.categories.filter((key) => !own.has(key)) : value.categories,
    });
  };

  const setCategories = (module: ShareableModule, chosen: string[]) => {
    if (module === "personal-network") return;
    const own = new Set<string>(categoriesOf(module).map((category) => category.key));
    onChange({ ...value, categories: [...value.categories.filter((key) => !own.has(key)), ...chosen] });
  };

  return (
    <FieldGroup
      legend={`${texts?.legend ?? t("form.scopeLegend")} *`}
      hint={texts?.help ?? t("form.scopeHelp")}
      aria-describedby={error ? errorId : undefined}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {texts?.hint ?? t("form.scopeHint")}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          {SHAREABLE_MODULES.map((module) => {
            const label = t(moduleLabelKey(module));
            const whole = value.modules.includes(module);
            const categoryLabel = t("scope.categoriesOf", { module: label });
            return (
              <Stack key={module} gap={6} data-testid={`scope-${module}`}>
                <Checkbox
                  label={t("form.wholeModule", { module: label })}
                  checked={whole}
                  onChange={(event) => setWhole(module, event.currentTarget.checked)}
                />
                {module !== "personal-network" && !whole && (
                  <MultiSelect
                    label={categoryLabel}
                    data={categoriesOf(module).map((category) => ({
                      value: category.key,
                      label: t(categoryTitleKey(category)),
                    }))}
                    value={value.categories.filter((key) =>
                      categoriesOf(module).some((category) => category.key === key),
                    )}
                    onChange={(chosen) => setCategories(module, chosen)}
                    searchable
                    clearable
                    hidePickedOptions
                    nothingFoundMessage={t("forms:select.nothingFound")}
                    clearButtonProps={clearButtonProps(t("forms:select.clear", { label: categoryLabel }))}
                    autoComplete="off"
                  />
                )}
              </Stack>
            );
          })}
        </SimpleGrid>
        {error && <Input.Error id={errorId}>{error}</Input.Error>}
      </Stack>
    </FieldGroup>
  );
}
