import { Alert, Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useParams } from "react-router";
import type { SharedWithMeView } from "../../../domain/schemas/share.ts";
import { BackArrow } from "../../shell/BackArrow.tsx";
import { PageLoader } from "../../shell/PageLoader.tsx";
import { usePageTitle } from "../../shell/usePageTitle.ts";
import { RecordSourceProvider } from "../records/recordSource.tsx";
import {
  nomineeRecordSource,
  SHARED_WITH_ME_PATH,
  useSharedWithMe,
  withMeQueryKey,
} from "./sharedWithMeApi.ts";

/** The owner as the nominee knows them: their name, else their email. */
export function ownerName(view: Pick<SharedWithMeView, "owner">): string {
  const name = [view.owner.firstName, view.owner.lastName].filter(Boolean).join(" ");
  return name === "" ? view.owner.email : name;
}

/**
 * The released file of the `:nomineeId` in the path, or null while loading, on failure, when not
 * released or while its owner is suspended (then `suspendedOwner` names them).
 */
export function useSharedFile(): {
  file: SharedWithMeView | null;
  suspendedOwner: string | null;
  isPending: boolean;
  isError: boolean;
} {
  const { nomineeId } = useParams();
  const withMe = useSharedWithMe();
  const view = withMe.data?.find((entry) => entry.nomineeId === nomineeId && entry.status === "released");
  return {
    file: view && !view.ownerSuspended ? view : null,
    suspendedOwner: view?.ownerSuspended ? ownerName(view) : null,
    isPending: withMe.isPending,
    isError: withMe.isError && !withMe.data,
  };
}

/**
 * A file that is not (or no longer) released to me, or closed while its owner (`suspendedOwner`)
 * is suspended: said plainly, with the way back.
 */
export function SharedFileUnavailable({ suspendedOwner = null }: { suspendedOwner?: string | null }) {
  const { t } = useTranslation("shared-with-me");
  const title = t("unavailable.title");
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <BackArrow to={SHARED_WITH_ME_PATH} label={t("unavailable.back")} />
      <Paper withBorder p="xl" data-testid="shared-file-unavailable">
        <Stack gap="sm" align="flex-start">
          <Title order={1}>{title}</Title>
          <Text>
            {suspendedOwner === null
              ? t("unavailable.text")
              : t("list.ownerSuspended", { owner: suspendedOwner })}
          </Text>
          <Anchor component={Link} to={SHARED_WITH_ME_PATH}>
            {t("unavailable.back")}
          </Anchor>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * /dashboard/shared-data/shared-with-me/{nomineeId} and below: the owner's released file, read by
 * the same record, person and document screens as the owner's own, through the nominee's routes.
 * A 404 from any of them (revoked, access ended) reads Shared with me again; once the file is no
 * longer released, its cached contents are dropped and the unavailable state shown.
 */
export function SharedFileLayout() {
  const { nomineeId = "" } = useParams();
  const queryClient = useQueryClient();
  const { t } = useTranslation("shared-with-me");
  const { file, suspendedOwner, isPending, isError } = useSharedFile();
  const source = useMemo(
    () =>
      nomineeRecordSource(nomineeId, () => void queryClient.invalidateQueries({ queryKey: withMeQueryKey })),
    [nomineeId, queryClient],
  );
  const unavailable = !isPending && !isError && file === null;
  useEffect(() => {
    if (unavailable) queryClient.removeQueries({ queryKey: ["shared", nomineeId] });
  }, [unavailable, nomineeId, queryClient]);

  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <Stack gap="lg">
        <BackArrow to={SHARED_WITH_ME_PATH} label={t("unavailable.back")} />
        <Alert color="red.8" variant="light" role="alert">
          {t("list.loadFailed")}
        </Alert>
      </Stack>
    );
  }
  if (unavailable) return <SharedFileUnavailable suspendedOwner={suspendedOwner} />;
  return (
    <RecordSourceProvider source={source}>
      <Outlet />
    </RecordSourceProvider>
  );
}
