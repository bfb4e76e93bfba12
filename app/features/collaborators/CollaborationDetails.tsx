import { Badge, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type {
  CollaboratorRights,
  CollaboratorScope,
  CollaboratorStatus,
} from "../../../domain/schemas/collaborator.ts";
import { scopeLines } from "../shared-by-me/scopeDisplay.ts";

/** Where a collaboration stands, as the owner and the collaborator both see it. */
export function CollaborationStatus({ status }: { status: CollaboratorStatus }) {
  const { t } = useTranslation("collaborators");
  return (
    <Badge variant="light" color={status === "accepted" ? "green.9" : "gray.8"}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** What a collaboration allows: its rights, what it opens, and whether secrets come with it. */
export function CollaborationAccess({
  rights,
  scope,
}: {
  rights: CollaboratorRights;
  scope: CollaboratorScope;
}) {
  const { t } = useTranslation(["collaborators", "sharing", "sections"]);
  return (
    <>
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          {t("list.rights")}:{" "}
        </Text>
        {t(`rights.${rights}`)}
      </Text>
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          {t("list.scope")}:{" "}
        </Text>
        {scopeLines(scope, t).join("; ")}
      </Text>
      <Text size="sm">{t(scope.secrets ? "secrets.included" : "secrets.excluded")}</Text>
    </>
  );
}
