import { useForm } from "@mantine/form";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError } from "../../api/client.ts";
import { errorMessage } from "../../api/errorMessages.ts";
import type { CheckedForm } from "../../shell/unsaved/useGuardedSave.ts";
import type { FormErrors } from "./errorPaths.ts";
import { isLazySchema, type LazySchema } from "./lazySchema.ts";
import { type FieldMessage, schemaFieldMessages } from "./schemaErrors.ts";

export interface SchemaFormOptions<Values> {
  initialValues: Values;
  /**
   * The domain schema the server applies to the same values (rules defined once), or the way to
   * fetch it: a lazy schema loads when the form first takes the focus, or on save.
   */
  schema: z.ZodType | LazySchema;
  /** Checks the schema cannot report together with others (zod skips refinements after an issue). */
  extraMessages?: (values: Values) => Record<string, FieldMessage>;
}

function useValidatedForm<Values extends Record<string, unknown>>(
  initialValues: Values,
  validate: (values: Values) => FormErrors,
) {
  return useForm<Values>({ mode: "controlled", initialValues, validateInputOnBlur: true, validate });
}

/** Mantine's form of these values (its types are not reachable from the package entry under TypeScript 7). */
export type SchemaFormOf<Values extends Record<string, unknown>> = ReturnType<
  typeof useValidatedForm<Values>
>;

export interface SchemaForm<Values extends Record<string, unknown>> {
  form: SchemaFormOf<Values>;
  /**
   * Shows a refusal of the server: messages of fields the form shows go beside their inputs, the
   * rest (and non-validation failures) is answered for a message above the buttons. The values
   * are left as typed.
   */
  showServerError: (error: unknown, shownPath: (path: string) => boolean) => string | null;
  /** The form as the save path checks it: a lazy schema is fetched before the check. */
  checked: Omit<CheckedForm<Values>, "validate"> & { validate: () => Promise<{ hasErrors: boolean }> };
  /** Spread on the `<form>`: its first focus fetches a lazy schema, before any field is checked. */
  formProps: { onFocus: () => void };
}

/**
 * Mantine's form checked by a domain zod schema, with messages translated in the UI language.
 * Every field is checked when it loses focus and all of them on submit; a change clears the
 * field's message. When the language changes, the messages on screen are checked again, so they
 * switch language with the rest of the page (server messages stay as the server wrote them).
 */
export function useSchemaForm<Values extends Record<string, unknown>>({
  initialValues,
  schema,
  extraMessages,
}: SchemaFormOptions<Values>): SchemaForm<Values> {
  const { t, i18n } = useTranslation(["errors", "common"]);
  // What the server said per field, so a language change leaves those messages as they are.
  const serverMessages = useRef(new Map<string, unknown>());
  const lazy = isLazySchema(schema) ? schema : null;
  // A check asked for before a lazy schema arrived: the touched fields are checked once it has.
  const missedCheck = useRef(false);
  const loadSchema = async (): Promise<void> => {
    if (!lazy || lazy.loaded()) return;
    // Offline or a failed fetch leaves the check to the server, whose messages show the same way.
    await lazy.load().catch(() => undefined);
    if (!missedCheck.current || !lazy.loaded()) return;
    missedCheck.current = false;
    const current = latestForm.current;
    for (const [path, touched] of Object.entries(current.getTouched())) {
      if (touched) current.validateField(path);
    }
  };
  const form = useValidatedForm<Values>(initialValues, (values) => {
    const ready = lazy ? lazy.loaded() : (schema as z.ZodType);
    if (!ready) {
      missedCheck.current = true;
      void loadSchema();
    }
    const messages = { ...extraMessages?.(values), ...(ready ? schemaFieldMessages(ready, values) : {}) };
    return Object.fromEntries(
      Object.entries(messages).map(([path, message]) => [path, t(message.key, message.params)]),
    );
  });

  const [language, setLanguage] = useState(i18n.language);
  const latestForm = useRef(form);
  latestForm.current = form;
  useEffect(() => {
    if (language === i18n.language) return;
    setLanguage(i18n.language);
    for (const [path, message] of Object.entries(latestForm.current.errors)) {
      if (serverMessages.current.get(path) !== message) latestForm.current.validateField(path);
    }
  }, [i18n.language, language]);

  const showServerError = (error: unknown, shownPath: (path: string) => boolean): string | null => {
    if (!(error instanceof ApiError)) return errorMessage(t, error);
    const shown = Object.entries(error.fields).filter(([path]) => shownPath(path));
    if (shown.length > 0) {
      form.setErrors({ ...form.errors, ...Object.fromEntries(shown) });
      for (const [path, message] of shown) serverMessages.current.set(path, message);
    }
    const hidden = Object.entries(error.fields).filter(([path]) => !shownPath(path));
    if (hidden.length > 0) return hidden.map(([, message]) => message).join(" ");
    if (shown.length > 0) return null;
    return errorMessage(t, error);
  };

  const checked: SchemaForm<Values>["checked"] = {
    validate: async () => {
      await loadSchema();
      return form.validate();
    },
    isDirty: () => form.isDirty(),
    values: form.values,
  };

  return { form, showServerError, checked, formProps: { onFocus: () => void loadSchema() } };
}
