import { useEffect, useRef, useState } from "react";
import { type BlockerFunction, type Location, useBlocker, useNavigate } from "react-router";
import { TIMINGS_MS } from "../../../domain/limits.ts";
import { guardedForm, isLeavingForm, LEAVE_FORM_STATE, setSavingToLeave } from "./unsavedForm.ts";

/** What the guard shows: nothing, the Save the Record question, or the missing-fields notice. */
export type GuardStep = "idle" | "ask" | "saving" | "invalid";

/** Leaving a page with a dirty form: every in-app navigation to another path, menu and back arrow included. */
const blocksLeavingDirtyForm: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname &&
  !isLeavingForm(nextLocation.state) &&
  guardedForm()?.isDirty() === true;

export interface UnsavedChangesGuard {
  step: GuardStep;
  /** Yes: save, then leave about a second later (spec); missing fields show the notice instead. */
  saveAndLeave: () => Promise<void>;
  /** No: leave without saving. */
  leave: () => void;
  /** Closing the question, or Okay on the notice: stay on the form. */
  stay: () => void;
}

/**
 * The spec's unsaved-changes guard (section 4) in one place, through the data router's blocker.
 * Closing or reloading the tab while a form is dirty asks the browser's own question.
 */
export function useUnsavedChangesGuard(): UnsavedChangesGuard {
  const blocker = useBlocker(blocksLeavingDirtyForm);
  const navigate = useNavigate();
  const latest = useRef(blocker);
  latest.current = blocker;
  const [step, setStep] = useState<GuardStep>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (blocker.state === "blocked" && step === "idle") setStep("ask");
    if (blocker.state !== "blocked" && step !== "idle") setStep("idle");
  }, [blocker.state, step]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (guardedForm()?.isDirty() !== true) return;
      event.preventDefault();
      // Older browsers show their question only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      clearTimeout(timer.current);
    };
  }, []);

  const proceed = () => {
    if (latest.current.state === "blocked") latest.current.proceed();
  };
  const reset = () => {
    if (latest.current.state === "blocked") latest.current.reset();
    setStep("idle");
  };

  /** Where the reader was going; kept in case the blocked navigation is dropped meanwhile. */
  const goTo = (target: Location | null) => {
    if (latest.current.state === "blocked") latest.current.proceed();
    else if (target) navigate(target, { state: LEAVE_FORM_STATE });
  };

  return {
    step,
    saveAndLeave: async () => {
      const form = guardedForm();
      if (form === null) return proceed();
      const target = blocker.location ?? null;
      setStep("saving");
      setSavingToLeave(true);
      const outcome = await form.save().catch(() => "failed" as const);
      setSavingToLeave(false);
      if (outcome === "saved") timer.current = setTimeout(() => goTo(target), TIMINGS_MS.navigateAfterSave);
      else if (outcome === "invalid") setStep("invalid");
      // A refused save leaves the form on screen with its own error; the reader stays.
      else reset();
    },
    leave: proceed,
    stay: reset,
  };
}
