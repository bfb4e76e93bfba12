import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { NomineeStatus } from "../../../domain/schemas/share.ts";
import { ConfirmDialog } from "../../components/dialogs/ConfirmDialog.tsx";
import { showToast } from "../../shell/toast.ts";
import { type NomineeAction, nomineeQueryKeys, runNomineeAction } from "./nomineesApi.ts";

/**
 * What the owner may do in each status (after Bitwarden's emergency access): an invitation that
 * did not lead anywhere can be sent again, a pending one cancelled; access given to one who accepted
 * (the only way back after a revoke besides approving their next request); a request approved or
 * declined; a request or released access revoked; a nominee deleted at any time.
 */
const ACTIONS_BY_STATUS: Record<NomineeStatus, readonly NomineeAction[]> = {
  invited: ["resend", "cancel", "delete"],
  expired: ["resend", "delete"],
  declined: ["resend", "delete"],
  cancelled: ["resend", "delete"],
  accepted: ["grant", "delete"],
  requested: ["approve", "decline", "revoke", "delete"],
  released: ["revoke", "delete"],
};

export function actionsFor(status: NomineeStatus): readonly NomineeAction[] {
  return ACTIONS_BY_STATUS[status];
}

/** Actions that take something away: their Yes button is red. */
const DESTRUCTIVE: ReadonlySet<NomineeAction> = new Set(["cancel", "decline", "revoke", "delete"]);

export interface NomineeActions {
  /** Opens the confirmation of one action. */
  ask: (action: NomineeAction) => void;
  /** The confirmation dialog, to render once. */
  dialog: ReactNode;
}

/**
 * The owner's actions on one nominee, each behind a confirmation dialog (No / Yes). A done action
 * shows a toast and refreshes every nominee query; `onDone` lets the page move on (after a delete).
 */
export function useNomineeActions(
  nominee: { id: string; name: string },
  onDone?: (action: NomineeAction) => void,
): NomineeActions {
  const { t } = useTranslation("sharing");
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<NomineeAction | null>(null);
  const run = useMutation({
    mutationFn: (action: NomineeAction) => runNomineeAction(nominee.id, action),
    onSuccess: (_answer, action) => {
      setAsked(null);
      showToast(t(`actions.${action}.done`, { name: nominee.name }));
      if (action === "delete") {
        // Its page is left at once: do not ask for a nominee that no longer exists.
        queryClient.removeQueries({ queryKey: nomineeQueryKeys.one(nominee.id) });
        queryClient.removeQueries({ queryKey: nomineeQueryKeys.log(nominee.id) });
      }
      void queryClient.invalidateQueries({ queryKey: nomineeQueryKeys.all });
      onDone?.(action);
    },
  });

  const close = () => {
    setAsked(null);
    run.reset();
  };

  const dialog = (
    <ConfirmDialog
      opened={asked !== null}
      title={asked ? t(`actions.${asked}.title`) : ""}
      confirmLabel={t("actions.yes")}
      cancelLabel={t("actions.no")}
      onConfirm={() => asked && run.mutate(asked)}
      onCancel={close}
      pending={run.isPending}
      destructive={asked !== null && DESTRUCTIVE.has(asked)}
      error={run.isError ? t("actions.failed") : null}
    >
      {asked ? t(`actions.${asked}.question`, { name: nominee.name }) : ""}
    </ConfirmDialog>
  );

  return { ask: setAsked, dialog };
}
