import { useLocation, useNavigate } from "react-router";
import { listPathOf, pathAfterSave, viewPath } from "../recordPaths.ts";
import { isSavingToLeave, LEAVE_FORM_STATE } from "./unsavedForm.ts";

export type FormExits = {
  /** The list the add or edit page belongs to. */
  listPath: string;
  /** Where the back arrow and Cancel go: the view on edit, the list on add. */
  backTo: string;
  /** The spec's rule after a save: from add to the new item's view, from edit to the view. */
  onSaved: (savedId: string) => void;
  onCancel: () => void;
  /** Leaves the form on purpose (saved, cancelled, deleted): the unsaved-changes guard lets it go. */
  leave: (to: string) => void;
};

/** The ways out of an add (`id` undefined) or edit page, for the record, person and nominee forms. */
export function useFormExits(id: string | undefined): FormExits {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const listPath = listPathOf(pathname);
  const backTo = id ? viewPath(listPath, id) : listPath;
  const leave = (to: string) => navigate(to, { state: LEAVE_FORM_STATE, replace: true });
  return {
    listPath,
    backTo,
    onSaved: (savedId) => {
      // Saved on the way out (the unsaved-changes guard): the guard moves on, not this page.
      if (!isSavingToLeave()) leave(pathAfterSave(pathname, savedId) ?? viewPath(listPath, savedId));
    },
    onCancel: () => leave(backTo),
    leave,
  };
}
