import type { FormEvent } from "react";
import { type SaveOutcome, useGuardedForm } from "./unsavedForm.ts";

/**
 * What the save path needs of a form (Mantine's): its check (which may first fetch its schema),
 * whether it changed, its values.
 */
export type CheckedForm<Values> = {
  validate: () => { hasErrors: boolean } | Promise<{ hasErrors: boolean }>;
  isDirty: () => boolean;
  values: Values;
};

/**
 * The one save path of the app's forms: clear the last failure, check every field, then save
 * (`save` rejects on a refusal, which it has already shown). The form is registered with the
 * unsaved-changes guard, which saves the same way; the answer is the form's submit handler, whose
 * submit stops at its own form.
 */
export function useGuardedSave<Values>(
  form: CheckedForm<Values>,
  save: (values: Values) => Promise<unknown>,
  clearFailure: () => void,
): (event: FormEvent<HTMLFormElement>) => void {
  const saveNow = async (): Promise<SaveOutcome> => {
    clearFailure();
    if ((await form.validate()).hasErrors) return "invalid";
    try {
      await save(form.values);
      return "saved";
    } catch {
      return "failed";
    }
  };
  useGuardedForm({ isDirty: () => form.isDirty(), save: saveNow });
  return (event) => {
    // A form in a modal is in a portal, yet React bubbles its submit to the form the modal sits in.
    event.stopPropagation();
    event.preventDefault();
    void saveNow();
  };
}
