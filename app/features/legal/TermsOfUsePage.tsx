import { TERMS } from "../../../domain/limits.ts";
import { LegalPage, type LegalSection } from "./LegalPage.tsx";

const SECTIONS: readonly LegalSection[] = [
  { heading: "terms.privacy.heading", paragraphs: ["terms.privacy.p1", "terms.privacy.p2"] },
  {
    heading: "terms.confidentiality.heading",
    paragraphs: ["terms.confidentiality.p1", "terms.confidentiality.p2"],
  },
  { heading: "terms.disclaimer.heading", paragraphs: ["terms.disclaimer.p1", "terms.disclaimer.p2"] },
  {
    heading: "terms.payment.heading",
    paragraphs: ["terms.payment.p1", "terms.payment.p2", "terms.payment.p3", "terms.payment.p4"],
  },
];

/** Spec /terms-of-use: placeholder terms, with the payment figures of section 9. */
export function TermsOfUsePage() {
  return <LegalPage titleKey="terms.title" sections={SECTIONS} values={{ ...TERMS }} />;
}
