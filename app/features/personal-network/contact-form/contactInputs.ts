import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../../domain/limits.ts";
import type { SchemaFormOf } from "../../../components/form/useSchemaForm.ts";
import type { ContactFormValues } from "./contactFormValues.ts";

export type ContactForm = SchemaFormOf<ContactFormValues>;
type Path = Parameters<ContactForm["getInputProps"]>[0];

/**
 * The props every part of the Edit Contact form gives its inputs: the form's value and message
 * (marked invalid for screen readers), text limits, and a select's choices after "Choose...".
 */
export function useContactInputs(form: ContactForm) {
  const { t } = useTranslation("forms");
  const error = (path: string) => form.errors[path];
  const input = (path: Path) => ({
    ...form.getInputProps(path),
    "aria-invalid": form.errors[path] ? true : undefined,
  });
  const text = (path: Path) => ({ ...input(path), maxLength: LIMITS.textMax, autoComplete: "off" });
  const choices = (keys: readonly string[], labelOf: (key: string) => string) => [
    { value: "", label: t("select.choose") },
    ...keys.map((key) => ({ value: key, label: labelOf(key) })),
  ];
  return { error, input, text, choices };
}
