import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PaymentCurrency } from "../../../domain/catalog/currencies.ts";
import type { Account } from "../../../domain/schemas/account.ts";
import type {
  ActivationResult,
  CardSetup,
  Charity,
  DonationChoice,
  Invoice,
  PaymentCard,
  PortalBody,
  PortalSession,
  SubscribeBody,
  SubscribeResult,
  Subscription,
  SubscriptionProduct,
} from "../../../domain/schemas/subscription.ts";
import { apiFetch } from "../../api/client.ts";
import { accountQueryKey } from "../../session/accountQuery.ts";

/*
 * The calls of My Subscription (server/modules/subscriptions/README.md), each typed with the shape
 * domain/schemas/subscription.ts declares for both sides.
 */

const keys = {
  products: (currency: PaymentCurrency, b2b: boolean) => ["billing", "products", currency, b2b] as const,
  currencies: (b2b: boolean) => ["billing", "currencies", b2b] as const,
  subscriptions: ["billing", "subscriptions"] as const,
  card: ["billing", "card"] as const,
  invoices: ["billing", "invoices"] as const,
  donation: ["billing", "donation"] as const,
};

function send<T>(path: string, method: "POST" | "DELETE", body?: unknown): Promise<T> {
  return apiFetch<T>(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

/** The currencies with a plan on sale (a person's own, or a company's): none means nothing is for sale. */
export function useCurrenciesOnSale(b2b = false) {
  return useQuery({
    queryKey: keys.currencies(b2b),
    queryFn: () => apiFetch<PaymentCurrency[]>(`/api/sbs/product/currencies?isB2BProduct=${b2b}`),
  });
}

/** The plans on sale in a currency: a person's own, or (b2b) a company's, sold by the seat. */
export function useProducts(currency: PaymentCurrency | null, b2b = false) {
  return useQuery({
    queryKey: keys.products(currency ?? "cad", b2b),
    queryFn: () =>
      apiFetch<SubscriptionProduct[]>(`/api/sbs/product/currency/${currency}?isB2BProduct=${b2b}`),
    enabled: currency !== null,
  });
}

export function useSubscriptions() {
  return useQuery({ queryKey: keys.subscriptions, queryFn: () => apiFetch<Subscription[]>("/api/sbs/") });
}

export function useCard(enabled: boolean) {
  return useQuery({
    queryKey: keys.card,
    queryFn: () => apiFetch<PaymentCard | null>("/api/sbs/bt/card"),
    enabled,
  });
}

export function useInvoices(enabled: boolean) {
  return useQuery({
    queryKey: keys.invoices,
    queryFn: () => apiFetch<Invoice[]>("/api/sbs/invoices"),
    enabled,
  });
}

/** After any change: the list, the card and the invoices, and the account (its roles follow). */
export function useRefreshBilling(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ["billing"] }),
      queryClient.invalidateQueries({ queryKey: accountQueryKey }),
    ]);
  };
}

export function subscribe(productId: string, body: Partial<SubscribeBody>): Promise<SubscribeResult> {
  return send<SubscribeResult>(`/api/sbs/subscribe/${encodeURIComponent(productId)}`, "POST", {
    productsCount: 1,
    isB2B: false,
    provider: "stripe",
    ...body,
  });
}

export function fetchSubscriptions(): Promise<Subscription[]> {
  return apiFetch<Subscription[]>("/api/sbs/");
}

export type SubscriptionAction =
  | { kind: "cancel"; id: string }
  | { kind: "resume"; id: string }
  | { kind: "change"; id: string; productId: string };

export function useSubscriptionAction() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (action: SubscriptionAction) => {
      const id = encodeURIComponent(action.id);
      if (action.kind === "cancel") return send<Subscription>(`/api/sbs/cancel/${id}`, "DELETE");
      if (action.kind === "resume") return send<Subscription>(`/api/sbs/resume/${id}`, "POST");
      return send<Subscription>(`/api/sbs/change/${id}/${encodeURIComponent(action.productId)}`, "POST", {
        productsCount: 1,
        isB2B: false,
      });
    },
    onSuccess: refresh,
  });
}

/** Opens Stripe's customer portal: Stripe answers where to go, and brings the browser back to `returnPath`. */
export function usePortal() {
  return useMutation({
    mutationFn: (body: PortalBody) => send<PortalSession>("/api/sbs/portal", "POST", body),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function startCardSetup(): Promise<CardSetup> {
  return send<CardSetup>("/api/sbs/bt/card", "POST");
}

export function makeCardDefault(setupIntentId: string): Promise<PaymentCard> {
  return send<PaymentCard>("/api/sbs/bt/card/default", "POST", { setupIntentId });
}

export function activateCode(code: string): Promise<ActivationResult> {
  return send<ActivationResult>("/api/sbs/code/activate", "POST", { code });
}

export function searchCharities(text: string): Promise<Charity[]> {
  return apiFetch<Charity[]>(`/api/b2b/companies/${encodeURIComponent(text)}`);
}

/** The charity the account chose, in every billing mode. */
export function useDonation() {
  return useQuery({
    queryKey: keys.donation,
    queryFn: () => apiFetch<DonationChoice>("/api/account/donation"),
  });
}

/** Picks (or changes) the account's charity, then the choice is read again. */
export function useDonateTo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) =>
      send<{ companyId: string }>(
        `/api/account/donateTo/?companyId=${encodeURIComponent(companyId)}`,
        "POST",
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.donation }),
  });
}

export function useClearDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => send<DonationChoice>("/api/account/donation", "DELETE"),
    onSuccess: (answer) => queryClient.setQueryData(keys.donation, answer),
  });
}

/** Spec: after a successful subscription or activation the mobile splash flag is turned off. */
export function turnOffMobileSplash(): Promise<Account> {
  return send<Account>("/api/account/splashmobile?show=false", "POST");
}
