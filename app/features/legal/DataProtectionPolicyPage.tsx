import { LegalPage, type LegalSection } from "./LegalPage.tsx";

const SECTIONS: readonly LegalSection[] = [
  { heading: "policy.scope.heading", paragraphs: ["policy.scope.p1"] },
  { heading: "policy.collected.heading", paragraphs: ["policy.collected.p1", "policy.collected.p2"] },
  { heading: "policy.use.heading", paragraphs: ["policy.use.p1"] },
  { heading: "policy.sharing.heading", paragraphs: ["policy.sharing.p1"] },
  { heading: "policy.security.heading", paragraphs: ["policy.security.p1"] },
  { heading: "policy.rights.heading", paragraphs: ["policy.rights.p1"] },
  { heading: "policy.contact.heading", paragraphs: ["policy.contact.p1"] },
];

/** Spec /data-protect-policy: the placeholder Data Privacy Policy. */
export function DataProtectionPolicyPage() {
  return <LegalPage titleKey="policy.title" sections={SECTIONS} />;
}
