/**
 * The marketing site the sign-in page's header links to (spec section 2: external links). Its
 * address is set at build time with VITE_MARKETING_URL; without it, the product's public site.
 */
const DEFAULT_MARKETING_URL = "https://www.kinfile.com";

/** The links under a base address; a trailing slash on the base is ignored. */
export function marketingLinks(base: string) {
  const root = base.replace(/\/+$/, "");
  return {
    home: `${root}/`,
    forBusiness: `${root}/solutions/business`,
    forBenefitsProviders: `${root}/solutions/benefits-providers`,
    forNonProfits: `${root}/solutions/non-profits`,
    features: `${root}/features`,
    security: `${root}/security`,
    pricing: `${root}/pricing`,
    contact: `${root}/contact`,
  } as const;
}

export type MarketingLinks = ReturnType<typeof marketingLinks>;

export const MARKETING_LINKS: MarketingLinks = marketingLinks(
  import.meta.env.VITE_MARKETING_URL || DEFAULT_MARKETING_URL,
);
