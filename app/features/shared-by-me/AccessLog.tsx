import { Alert, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { logDays } from "./accessLog.ts";
import { fetchNomineeLog, nomineeQueryKeys } from "./nomineesApi.ts";

/** The nominee's views, reveals and downloads, by day: "Alex viewed Insurance Policies, 14:02". */
export function AccessLog({ nomineeId, name }: { nomineeId: string; name: string }) {
  const { t, i18n } = useTranslation(["sharing", "sections"]);
  const headingId = useId();
  const log = useQuery({
    queryKey: nomineeQueryKeys.log(nomineeId),
    queryFn: () => fetchNomineeLog(nomineeId),
  });
  const days = log.data ? logDays(log.data, name, t, i18n.language) : [];

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" data-testid="nominee-log">
      <Title order={2} size="h3" id={headingId}>
        {t("log.heading")}
      </Title>
      {log.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t("log.loadFailed")}
        </Alert>
      ) : !log.data ? (
        <Loader size="sm" aria-hidden="true" />
      ) : days.length === 0 ? (
        <Text>{t("log.empty", { name })}</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t("log.timesUtc")}
          </Text>
          {days.map((day) => (
            <Stack key={day.day} gap={4}>
              <Title order={3} size="h5">
                {day.heading}
              </Title>
              <ul style={{ margin: 0, paddingInlineStart: "1.25rem" }}>
                {day.lines.map((line) => (
                  <li key={line.id}>
                    <Text size="sm">{line.text}</Text>
                  </li>
                ))}
              </ul>
            </Stack>
          ))}
        </>
      )}
    </Stack>
  );
}
