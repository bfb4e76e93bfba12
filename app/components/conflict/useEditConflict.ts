import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Versioned } from "../../../domain/api/versions.ts";
import type { ChangedBy } from "../../../domain/schemas/changedBy.ts";
import { editConflictOf } from "../../api/versions.ts";
import { useAccount } from "../../session/account.ts";
import type { SchemaFormOf } from "../form/useSchemaForm.ts";
import type { EditConflictProps } from "./EditConflict.tsx";

export interface EditConflictOptions<T extends object, Values extends Record<string, unknown>> {
  /** The saved version the form was loaded from; absent for a new row. */
  version: number | undefined;
  form: Pick<SchemaFormOf<Values>, "setValues" | "resetDirty">;
  /** The form's values of a saved version, for "Take the saved version". */
  valuesOf: (current: Versioned<T>) => Values;
  /** Told of the saved values taken into the form, for a form that keeps its own saved state. */
  onTaken?: (values: Values) => void;
}

/** What a saved version may say of its last save (records, persons, companies, addresses do). */
type LastChange = { updateTime?: number; changedBy?: ChangedBy };

/** A shown conflict: the saved version, what this form would have saved, and the panel's ways on. */
export interface ShownConflict<T extends object, Mine> {
  current: Versioned<T>;
  mine: Mine;
  /** EditConflict's props but the rows and the save's own (Keep mine, saving). */
  panel: Pick<EditConflictProps, "viewerId" | "savedAt" | "changedBy" | "onTakeTheirs" | "onEdit">;
}

/**
 * The edit-conflict state of a form saving a versioned row (records, persons, companies,
 * addresses): the version its next save names in If-Match, the conflict a refused save showed,
 * and the notice after the saved version was taken in. Settling a conflict gives the focus the
 * panel had to the form's first field (`formRef`).
 */
export function useEditConflict<T extends object, Values extends Record<string, unknown>, Mine = Values>({
  version,
  form,
  valuesOf,
  onTaken,
}: EditConflictOptions<T, Values>) {
  const { t } = useTranslation("common");
  const viewerId = useAccount().data?.id ?? null;
  const fields = useRef<HTMLElement | null>(null);
  /** The ref of the element holding the form's fields (a form, or the address form's group). */
  const formRef = useCallback((element: HTMLElement | null) => {
    fields.current = element;
  }, []);
  /** The version the next save replaces: the loaded one, the saved one, or the one a conflict showed. */
  const [baseVersion, setBaseVersion] = useState(version);
  const [conflict, setConflict] = useState<{ current: Versioned<T>; mine: Mine } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  function closeConflict(current: Versioned<T>) {
    setBaseVersion(current.version);
    setConflict(null);
    requestAnimationFrame(() =>
      fields.current?.querySelector<HTMLElement>("input:not([type=hidden]), textarea")?.focus(),
    );
  }

  function takeTheirs(current: Versioned<T>) {
    const theirs = valuesOf(current);
    onTaken?.(theirs);
    form.setValues(theirs);
    form.resetDirty(theirs);
    setNotice(t("conflict.tookTheirs"));
    closeConflict(current);
  }

  const shown: ShownConflict<T, Mine> | null =
    conflict === null
      ? null
      : {
          ...conflict,
          panel: {
            viewerId,
            // When and by whom the saved version was saved, for the rows whose answers say so.
            savedAt: (conflict.current as LastChange).updateTime ?? null,
            changedBy: (conflict.current as LastChange).changedBy ?? null,
            onTakeTheirs: () => takeTheirs(conflict.current),
            onEdit: () => closeConflict(conflict.current),
          },
        };

  return {
    formRef,
    baseVersion,
    conflict: shown,
    notice,
    /** A new save starts: the last notice goes. */
    clearNotice: () => setNotice(null),
    /** A save went through; its answer's version, when the form stays open, is the next one's base. */
    saved(stored?: number) {
      if (stored !== undefined) setBaseVersion(stored);
      setConflict(null);
    },
    /** Shows a refused save's conflict with what the form sent; false when the refusal is something else. */
    refused(error: unknown, mine: Mine): boolean {
      const current = editConflictOf<T>(error);
      if (current === null) return false;
      setConflict({ current, mine });
      return true;
    },
  };
}
