import type { Stripe } from "@stripe/stripe-js";
// The package's "pure" entry, named by file: its folder entry has no exports map for Node's resolution.
import { loadStripe } from "@stripe/stripe-js/dist/pure.mjs";
import { useQuery } from "@tanstack/react-query";

let loading: { key: string; stripe: Promise<Stripe | null> } | null = null;

/**
 * Stripe.js, loaded once and only in stripe mode (the publishable key comes from the server).
 * The "pure" entry adds the script only when called: the default one adds it on import, which
 * would fetch Stripe on every page, billing off included. A load that failed is forgotten, so
 * the next call tries again.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (loading === null || loading.key !== publishableKey) {
    const stripe = loadStripe(publishableKey);
    const attempt = { key: publishableKey, stripe };
    loading = attempt;
    stripe.catch(() => {
      if (loading === attempt) loading = null;
    });
  }
  return loading.stripe;
}

/**
 * Stripe.js as a query: pending while the script loads, an error when it could not (blocked, or
 * offline), and `refetch` to try again.
 */
export function useStripeJs(publishableKey: string) {
  return useQuery({
    queryKey: ["stripe-js", publishableKey],
    queryFn: () => stripeFor(publishableKey),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    // The Stripe object is the SDK's own: kept as it is, never copied.
    structuralSharing: false,
  });
}
