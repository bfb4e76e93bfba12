import { useEffect, useRef } from "react";

/** What a form reports when the unsaved-changes guard asks it to save before leaving. */
export type SaveOutcome = "saved" | "invalid" | "failed";

/** The form on screen, as the guard sees it (spec section 4, "Unsaved-changes guard"). */
export type GuardedForm = {
  isDirty: () => boolean;
  /** Validates and saves; "invalid" when required fields are missing (the guard then shows its notice). */
  save: () => Promise<SaveOutcome>;
};

// The forms mounted, the newest last: a form opened in a modal over another (a person added from
// a record) is asked while it is open, and the one beneath is asked again once it closes.
const mounted: GuardedForm[] = [];

/** The form the user is editing now, if any; the side menu and the back arrow ask it before leaving. */
export function guardedForm(): GuardedForm | null {
  return mounted.at(-1) ?? null;
}

/**
 * Registers the calling form with the guard while it is mounted. The latest callbacks are always
 * used, so the form may pass fresh closures on every render.
 */
export function useGuardedForm(form: GuardedForm): void {
  const latest = useRef(form);
  latest.current = form;
  useEffect(() => {
    const handle: GuardedForm = {
      isDirty: () => latest.current.isDirty(),
      save: () => latest.current.save(),
    };
    mounted.push(handle);
    return () => {
      mounted.splice(mounted.indexOf(handle), 1);
    };
  }, []);
}

/**
 * Navigation state that passes the guard: a form that has just saved, or whose Cancel discards
 * the changes on purpose, leaves with `navigate(to, { state: LEAVE_FORM_STATE })`.
 */
export const LEAVE_FORM_STATE = { leaveForm: true } as const;

export function isLeavingForm(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as { leaveForm?: unknown }).leaveForm === true;
}

let savingToLeave = false;

/**
 * True while the guard saves the form because the reader is leaving: a page that moves on after
 * a save (to the record's view) stays put, since the guard takes the reader where they were going.
 */
export function isSavingToLeave(): boolean {
  return savingToLeave;
}

export function setSavingToLeave(value: boolean): void {
  savingToLeave = value;
}
