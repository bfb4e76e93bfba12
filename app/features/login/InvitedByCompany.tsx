import { Alert, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { companiesApi } from "../../../domain/api/companies.ts";
import { callApi } from "../../api/client.ts";
import { invitationTokenOf } from "../../session/homeRoute.ts";

/**
 * "Acme invited you", on the sign-in and register pages a company invitation's register link
 * opens: its token names the company through the public preview call. Nothing shows without a
 * token, or once the invitation is used (the call answers 404).
 */
export function InvitedByCompany() {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const token = invitationTokenOf(searchParams);
  const preview = useQuery({
    queryKey: ["b2b", "invitation", token],
    // Asked only with a token (`enabled`).
    queryFn: () => callApi(companiesApi.invitationPreview, { params: { token: token ?? "" } }),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (preview.data === undefined) return null;
  return (
    <Alert color="blue" variant="light" title={t("invitedBy.heading", { company: preview.data.companyName })}>
      <Text size="sm">{t("invitedBy.body")}</Text>
    </Alert>
  );
}
