import { Group } from "@mantine/core";
import { hasFullAccess } from "../../../domain/roles.ts";
import { useAccount } from "../../session/account.ts";
import { ModuleBinderAction } from "../binder/ModuleBinderAction.tsx";
import { CompanyExchangePanel } from "./CompanyExchangePanel.tsx";

/**
 * The overview's closing actions: the companies' and address book's imports and exports, and the
 * network's emergency binder. A chunk of their own (with their dialogs, uploads and forms), loaded
 * once the overview is drawn: last on the page, they move nothing when they arrive.
 */
export function OverviewActions() {
  const account = useAccount();
  return (
    <>
      <CompanyExchangePanel />
      {hasFullAccess(account.data?.roles ?? []) && (
        <Group>
          <ModuleBinderAction module="personal-network" />
        </Group>
      )}
    </>
  );
}
