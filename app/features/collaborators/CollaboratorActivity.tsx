import { Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { activityApi } from "../../../domain/api/activity.ts";
import type { AnswerOf } from "../../../domain/api/contract.ts";
import { callApi } from "../../api/client.ts";
import { useAccount } from "../../session/account.ts";
import { useDateTimeFormat } from "../account/useDateTimeFormat.ts";
import { collaboratorQueryKeys } from "./collaboratorsApi.ts";

type Entry = AnswerOf<typeof activityApi.list>["items"][number];

/** The latest entries of the owner's log looked at for what collaborators did. */
const LOOKED_AT = 100;

/** What others did in the owner's file: each collaborator's changes, reveals and downloads, newest first. */
export function CollaboratorActivity() {
  const { t } = useTranslation(["collaborators", "sections"]);
  const formatDateTime = useDateTimeFormat();
  const ownId = useAccount().data?.id;
  const log = useQuery({
    queryKey: [...collaboratorQueryKeys.all, "activity"],
    queryFn: () => callApi(activityApi.list, { query: { size: LOOKED_AT } }),
    enabled: ownId !== undefined,
  });
  const entries = (log.data?.items ?? []).filter(
    (entry: Entry) =>
      entry.actorId !== ownId &&
      (entry.kind === "save" ||
        entry.kind === "delete" ||
        entry.kind === "reveal" ||
        entry.kind === "download" ||
        entry.kind === "export"),
  );
  if (entries.length === 0) return null;
  const label = t("activity.heading");
  return (
    <Stack gap="sm">
      <Title order={2}>{label}</Title>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={label}>
        {entries.map((entry) => (
          <Paper component="li" key={entry.id} withBorder p="sm" data-testid="collaborator-activity">
            <Text fw={500} style={{ overflowWrap: "anywhere" }}>
              {t(
                entry.subjectKind === "notApplicable"
                  ? `activity.notApplicable.${entry.kind}`
                  : `activity.kind.${entry.kind}`,
                {
                  name: entry.actorName ?? t("activity.someone"),
                  what:
                    entry.category === null
                      ? t(`activity.subject.${entry.subjectKind}`, { defaultValue: entry.subjectKind })
                      : t(`sections:category.${entry.category}`, { defaultValue: entry.category }),
                },
              )}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDateTime(entry.createTime)}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
