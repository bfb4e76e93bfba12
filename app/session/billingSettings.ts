import { useQuery } from "@tanstack/react-query";
import type { BillingSettings } from "../../domain/schemas/subscription.ts";
import { apiFetch } from "../api/client.ts";

/**
 * The server's billing mode, read once: it decides what My Subscription, the mobile subscribe
 * pop-up and the intro guide show (with billing off, nothing about subscribing).
 */
export function useBillingSettings() {
  return useQuery({
    queryKey: ["billing", "settings"],
    queryFn: () => apiFetch<BillingSettings>("/api/sbs/settings"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
