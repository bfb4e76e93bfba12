import { useQuery } from "@tanstack/react-query";
import { subscriptionsApi } from "../../domain/api/subscriptions.ts";
import { callApi } from "../api/client.ts";

/**
 * The server's billing mode, read once: it decides what My Subscription, the mobile subscribe
 * pop-up and the intro guide show (with billing off, nothing about subscribing).
 */
export function useBillingSettings() {
  return useQuery({
    queryKey: ["billing", "settings"],
    queryFn: () => callApi(subscriptionsApi.settings),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
