import type { Stripe } from "@stripe/stripe-js";
// The package's "pure" entry, named by file: its folder entry has no exports map for Node's resolution.
import { loadStripe } from "@stripe/stripe-js/dist/pure.mjs";

let loading: { key: string; stripe: Promise<Stripe | null> } | null = null;

/**
 * Stripe.js, loaded once and only in stripe mode (the publishable key comes from the server).
 * The "pure" entry adds the script only when called: the default one adds it on import, which
 * would fetch Stripe on every page, billing off included.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (loading === null || loading.key !== publishableKey) {
    loading = { key: publishableKey, stripe: loadStripe(publishableKey) };
  }
  return loading.stripe;
}
