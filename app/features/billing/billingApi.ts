import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { accountApi } from "../../../domain/api/account.ts";
import { subscriptionsApi } from "../../../domain/api/subscriptions.ts";
import type { PaymentCurrency } from "../../../domain/catalog/currencies.ts";
import type { Account } from "../../../domain/schemas/account.ts";
import type {
  ActivationResult,
  CardSetup,
  Charity,
  PaymentCard,
  PortalBody,
  SubscribeBody,
  SubscribeResult,
  Subscription,
} from "../../../domain/schemas/subscription.ts";
import { callApi } from "../../api/client.ts";
import { accountQueryKey } from "../../session/accountQuery.ts";

/*
 * The calls of My Subscription (server/modules/subscriptions/README.md), through their contracts
 * in domain/api/subscriptions.ts (the donation's in domain/api/account.ts).
 */

const keys = {
  products: (currency: PaymentCurrency, b2b: boolean) => ["billing", "products", currency, b2b] as const,
  currencies: (b2b: boolean) => ["billing", "currencies", b2b] as const,
  subscriptions: ["billing", "subscriptions"] as const,
  card: ["billing", "card"] as const,
  invoices: ["billing", "invoices"] as const,
  donation: ["billing", "donation"] as const,
};

/** The currencies with a plan on sale (a person's own, or a company's): none means nothing is for sale. */
export function useCurrenciesOnSale(b2b = false) {
  return useQuery({
    queryKey: keys.currencies(b2b),
    queryFn: () => callApi(subscriptionsApi.currencies, { query: { isB2BProduct: b2b ? "true" : "false" } }),
  });
}

/** The plans on sale in a currency: a person's own, or (b2b) a company's, sold by the seat. */
export function useProducts(currency: PaymentCurrency | null, b2b = false) {
  return useQuery({
    queryKey: keys.products(currency ?? "cad", b2b),
    queryFn: () =>
      callApi(subscriptionsApi.products, {
        params: { currency: currency ?? "cad" },
        query: { isB2BProduct: b2b ? "true" : "false" },
      }),
    enabled: currency !== null,
  });
}

export function useSubscriptions() {
  return useQuery({ queryKey: keys.subscriptions, queryFn: fetchSubscriptions });
}

export function useCard(enabled: boolean) {
  return useQuery({
    queryKey: keys.card,
    queryFn: () => callApi(subscriptionsApi.card),
    enabled,
  });
}

export function useInvoices(enabled: boolean) {
  return useQuery({
    queryKey: keys.invoices,
    queryFn: () => callApi(subscriptionsApi.invoices),
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
  return callApi(subscriptionsApi.subscribe, {
    params: { id: productId },
    body: { productsCount: 1, isB2B: false, provider: "stripe", ...body },
  });
}

export function fetchSubscriptions(): Promise<Subscription[]> {
  return callApi(subscriptionsApi.list);
}

export type SubscriptionAction =
  | { kind: "cancel"; id: string }
  | { kind: "resume"; id: string }
  | { kind: "change"; id: string; productId: string };

export function useSubscriptionAction() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (action: SubscriptionAction) => {
      const params = { id: action.id };
      if (action.kind === "cancel") return callApi(subscriptionsApi.cancel, { params });
      if (action.kind === "resume") return callApi(subscriptionsApi.resume, { params });
      return callApi(subscriptionsApi.change, {
        params: { a: action.id, b: action.productId },
        body: { productsCount: 1, isB2B: false },
      });
    },
    onSuccess: refresh,
  });
}

/** Opens Stripe's customer portal: Stripe answers where to go, and brings the browser back to `returnPath`. */
export function usePortal() {
  return useMutation({
    mutationFn: (body: PortalBody) => callApi(subscriptionsApi.portal, { body }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function startCardSetup(): Promise<CardSetup> {
  return callApi(subscriptionsApi.cardSetup);
}

export function makeCardDefault(setupIntentId: string): Promise<PaymentCard> {
  return callApi(subscriptionsApi.cardDefault, { body: { setupIntentId } });
}

export function activateCode(code: string): Promise<ActivationResult> {
  return callApi(subscriptionsApi.activateCode, { body: { code } });
}

export function searchCharities(text: string): Promise<Charity[]> {
  return text === ""
    ? callApi(accountApi.charities)
    : callApi(accountApi.searchCharities, { params: { searchText: text } });
}

/** The charity the account chose, in every billing mode. */
export function useDonation() {
  return useQuery({
    queryKey: keys.donation,
    queryFn: () => callApi(accountApi.donation),
  });
}

/** Picks (or changes) the account's charity, then the choice is read again. */
export function useDonateTo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => callApi(accountApi.donateTo, { query: { companyId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.donation }),
  });
}

export function useClearDonation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(accountApi.clearDonation),
    onSuccess: (answer) => queryClient.setQueryData(keys.donation, answer),
  });
}

/** Spec: after a successful subscription or activation the mobile splash flag is turned off. */
export function turnOffMobileSplash(): Promise<Account> {
  return callApi(accountApi.splashMobile, { query: { show: "false" } });
}
