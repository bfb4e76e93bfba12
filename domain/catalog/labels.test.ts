import { describe, expect, it } from "vitest";
import en from "../../public/locales/en/catalog.json" with { type: "json" };
import fr from "../../public/locales/fr/catalog.json" with { type: "json" };
import { currencyLabelKey, MONEY_CURRENCIES } from "./currencies.ts";
import { CATALOG_NAMESPACE } from "./labels.ts";
import { OPTION_LISTS, type OptionListName, optionLabelKey } from "./optionLists.ts";
import {
  GENDERS,
  genderLabelKey,
  MARITAL_STATUSES,
  maritalStatusLabelKey,
  ORIGINS,
  originLabelKey,
} from "./personOptions.ts";
import { PHONE_TYPES, phoneTypeLabelKey } from "./phones.ts";
import { PROVINCE_KEYS, PROVINCE_NAMES, provinceLabelKey } from "./provinces.ts";
import {
  PERSON_GROUPS,
  RELATIONSHIP_TYPES,
  relationshipGroupLabelKey,
  relationshipTypeLabelKey,
} from "./relationships.ts";
import {
  RELEASE_TIMINGS,
  releaseTimingLabelKey,
  SHARE_STATUSES,
  shareStatusLabelKey,
} from "./releaseTimings.ts";
import { UK_COUNTY_GROUPS } from "./ukCounties.ts";

// CATALOG.md section 4, the rows of the option lists these catalogs carry, verbatim.
const CATALOG_OPTION_LISTS = `
| currency | money | cad = Canadian Dollar / Dollar canadien; usd = United States Dollar / Dollar américain; gbp = United Kingdom Pound / Livre sterling; eur = Euro / Euro; other = Other (ISO code) / Autre (code ISO) |
| province | region (Canada); address picker by en label | ab = Alberta / Alberta; bc = British Columbia / Colombie-Britannique; mb = Manitoba / Manitoba; nb = New Brunswick / Nouveau-Brunswick; nl = Newfoundland and Labrador / Terre-Neuve-et-Labrador; nt = Northwest Territories / Territoires du Nord-Ouest; ns = Nova Scotia / Nouvelle-Écosse; nu = Nunavut / Nunavut; on = Ontario / Ontario; pe = Prince Edward Island / Île-du-Prince-Édouard; qc = Quebec / Québec; sk = Saskatchewan / Saskatchewan; yt = Yukon / Yukon |
| releaseTiming | share grant (spec) | now = Now / Maintenant; manual = Manually / Manuellement; five_days = After 5 days without response / Après 5 jours sans réponse; ten_days = After 10 days without response / Après 10 jours sans réponse; fifteen_days = After 15 days without response / Après 15 jours sans réponse |
| shareStatus | share grant (the nominees issue's lifecycle, not CATALOG's five) | invited = Invitation sent / Invitation envoyée; accepted = Accepted, access not released / Acceptée, accès non accordé; requested = Access requested / Accès demandé; released = Released / Accessible; declined = Invitation declined / Invitation refusée; cancelled = Invitation cancelled / Invitation annulée; expired = Invitation expired / Invitation expirée |
| gender | person mainDetails | female = Female / Femme; male = Male / Homme; x = Another gender (X) / Autre genre (X); undisclosed = Prefer not to say / Préfère ne pas répondre |
| maritalStatus | person mainDetails | single = Single / Célibataire; married = Married / Marié(e); commonLaw = Common-law / Conjoint(e) de fait; civilUnion = Civil union or partnership / Union civile; separated = Separated / Séparé(e); divorced = Divorced / Divorcé(e); widowed = Widowed / Veuf ou veuve |
| phoneType | person, institution phones (spec) | home = Home / Domicile; mobile = Mobile / Cellulaire; work = Work / Travail; workMobile = Work mobile / Cellulaire (travail); other |
| origin | relationDetails.origin | biological = Biological / Biologique; adopted = Adopted / Adopté(e); step = Stepchild / Enfant du conjoint; foster = Foster / En famille d'accueil; guardianship = In my guardianship / Sous ma tutelle; other |
`;

// CATALOG.md section 5, verbatim.
const CATALOG_RELATIONSHIPS = `
| advisor | Advisor / Conseiller | accountant = Accountant / Comptable; banker = Banker / Banquier(ère); executor = Executor / Liquidateur (exécuteur testamentaire); financial = Financial planner / Planificateur(trice) financier(ère); insurance = Insurance advisor / Conseiller(ère) en assurance; investment = Investment advisor / Conseiller(ère) en placement; lawyer = Lawyer / Avocat(e); legal = Notary or legal advisor / Notaire ou conseiller(ère) juridique; spiritual = Spiritual advisor / Guide spirituel; trustee = Trustee / Fiduciaire; other = Other / Autre | not offered |
| child | Child / Enfant | daughter = Daughter / Fille; son = Son / Fils | all |
| dependent | Dependent / Personne à charge | aunt = Aunt / Tante; brother = Brother / Frère; cousin = Cousin / Cousin(e); daughter = Daughter / Fille; father = Father / Père; friend = Friend / Ami(e); grandfather = Grandfather / Grand-père; grandmother = Grandmother / Grand-mère; husband = Husband / Mari; mother = Mother / Mère; nephew = Nephew / Neveu; niece = Niece / Nièce; partner = Partner / Partenaire; sister = Sister / Sœur; son = Son / Fils; spouse = Spouse / Conjoint(e); uncle = Uncle / Oncle; wife = Wife / Épouse; other = Other / Autre | brother, daughter, father, grandfather, grandmother, husband, mother, partner, sister, son, wife |
| networkperson | Network Circle / Cercle de contacts | conditioner = Air conditioning technician / Technicien(ne) en climatisation; architect = Architect / Architecte; carinsurance = Car insurance agent / Agent(e) d'assurance auto; carmechanic = Car mechanic / Mécanicien(ne) automobile; dentist = Dentist / Dentiste; designer = Interior designer / Designer d'intérieur; electrician = Electrician / Électricien(ne); familydoctor = Family doctor / Médecin de famille; furnacetech = Furnace technician / Technicien(ne) en chauffage; gardener = Gardener / Jardinier(ère); homeinsurance = Home insurance agent / Agent(e) d'assurance habitation; ittech = IT technician / Technicien(ne) informatique; householdrepair = Home repair / Réparations domiciliaires; lifeinsurance = Life insurance agent / Agent(e) d'assurance vie; bankingcentre = Bank branch / Succursale bancaire; grocerycentre = Grocery store / Épicerie; meatcounter = Butcher / Boucher(ère); painter = Painter / Peintre; pharmacist = Pharmacist / Pharmacien(ne); physician = Physician / Médecin; plumber = Plumber / Plombier(ère); roofer = Roofer / Couvreur(euse); specialist = Medical specialist / Médecin spécialiste; windows = Windows and doors / Portes et fenêtres; other = Other / Autre | not offered |
| officenetworkperson | Office Network Circle / Cercle de contacts du bureau | carinsurance, carmechanic, electrician, furnacetech, conditioner (labels as networkperson); officeinsurance = Office insurance agent / Agent(e) d'assurance du bureau; ittech (as networkperson); officerepair = Office repair / Réparations du bureau; bankingcentre, painter, other (as networkperson) | not offered |
| partner | Spouse/Partner / Conjoint(e)/partenaire | husband = Husband / Mari; partner = Partner / Partenaire; spouse = Spouse / Conjoint(e); wife = Wife / Épouse | all |
| relative | Relative / Membre de la famille élargie | aunt = Aunt / Tante; brother = Brother / Frère; cousin = Cousin / Cousin(e); father = Father / Père; friend = Friend / Ami(e); grandfather = Grandfather / Grand-père; grandmother = Grandmother / Grand-mère; mother = Mother / Mère; nephew = Nephew / Neveu; niece = Niece / Nièce; sister = Sister / Sœur; uncle = Uncle / Oncle; other = Other / Autre | brother, father, grandfather, grandmother, mother, sister |
| me | Me / Moi | (none) | root of the tree |
`;

type Labels = Map<string, string>;

/** "a.b" -> value for every string leaf of a nested catalog.json. */
function flatten(tree: object, prefix = ""): Labels {
  const labels: Labels = new Map();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key;
    if (typeof value === "string") labels.set(path, value);
    else if (value && typeof value === "object")
      for (const entry of flatten(value, `${path}.`)) labels.set(...entry);
    else throw new Error(`${path} is neither a label nor a group`);
  }
  return labels;
}

const files = { en: flatten(en), fr: flatten(fr) };

/** `key = English / Français` pairs of a catalog cell; a bare `other` means Other / Autre. */
function parseOptions(cell: string): [key: string, en: string, fr: string][] {
  return cell.split("; ").flatMap((part): [string, string, string][] => {
    if (part.trim() === "other") return [["other", "Other", "Autre"]];
    const match = /^(\w+) = (.+) \/ (.+)$/.exec(part.trim());
    return match?.[1] && match[2] && match[3] ? [[match[1], match[2], match[3]]] : [];
  });
}

const cells = (row: string) => row.replace(/^\| | \|$/g, "").split(" | ");

/** Every label the catalog documents, as {key: [en, fr]}. */
function catalogLabels(): Map<string, [string, string]> {
  const labels = new Map<string, [string, string]>();
  for (const row of CATALOG_OPTION_LISTS.trim().split("\n")) {
    const [list = "", , options = ""] = cells(row);
    for (const [key, enLabel, frLabel] of parseOptions(options))
      labels.set(`${list}.${key}`, [enLabel, frLabel]);
  }
  for (const row of CATALOG_RELATIONSHIPS.trim().split("\n")) {
    const [group = "", label = "", types = ""] = cells(row);
    const [enLabel = "", frLabel = ""] = label.split(" / ");
    labels.set(`relationshipGroup.${group}`, [enLabel, frLabel]);
    for (const [key, enType, frType] of parseOptions(types)) {
      const previous = labels.get(`relationshipType.${key}`);
      // One flat table only works if a type reads the same in every group.
      if (previous) expect([enType, frType], key).toEqual(previous);
      labels.set(`relationshipType.${key}`, [enType, frType]);
    }
  }
  return labels;
}

/** Every label key the catalogs hand to i18n. */
function usedKeys(): string[] {
  return [
    ...PERSON_GROUPS.map(relationshipGroupLabelKey),
    ...RELATIONSHIP_TYPES.map(relationshipTypeLabelKey),
    ...PHONE_TYPES.map(phoneTypeLabelKey),
    ...PROVINCE_KEYS.map(provinceLabelKey),
    ...UK_COUNTY_GROUPS.map((group) => group.labelKey),
    ...MONEY_CURRENCIES.map(currencyLabelKey),
    ...RELEASE_TIMINGS.map(releaseTimingLabelKey),
    ...SHARE_STATUSES.map(shareStatusLabelKey),
    ...GENDERS.map(genderLabelKey),
    ...MARITAL_STATUSES.map(maritalStatusLabelKey),
    ...ORIGINS.map(originLabelKey),
    ...optionListKeys(),
  ];
}

/** The option lists' labels kept in this namespace (optionLists.test.ts checks their wording). */
function optionListKeys(): string[] {
  return (Object.keys(OPTION_LISTS) as OptionListName[])
    .flatMap((list) =>
      list === "country" ? [] : OPTION_LISTS[list].map((key: string) => optionLabelKey(list, key)),
    )
    .filter((key) => key.startsWith(`${CATALOG_NAMESPACE}:`))
    .map((key) => key.slice(CATALOG_NAMESPACE.length + 1));
}

describe("catalog labels", () => {
  it("en and fr have exactly the same keys", () => {
    expect([...files.fr.keys()].sort()).toEqual([...files.en.keys()].sort());
  });

  it("hold a non-empty label for every key a catalog uses, and nothing else", () => {
    const used = usedKeys();
    for (const lng of ["en", "fr"] as const) {
      for (const key of used) expect(files[lng].get(key)?.trim(), `${lng} ${key}`).toBeTruthy();
      expect([...files[lng].keys()].sort()).toEqual([...new Set(used)].sort());
    }
  });

  it("read exactly as CATALOG.md gives them", () => {
    const documented = catalogLabels();
    expect(documented.size).toBeGreaterThan(100);
    for (const [key, [enLabel, frLabel]] of documented) {
      expect(files.en.get(key), key).toBe(enLabel);
      expect(files.fr.get(key), key).toBe(frLabel);
    }
  });

  it("give each province its stored English name", () => {
    expect(PROVINCE_KEYS.map((key) => files.en.get(provinceLabelKey(key)))).toEqual(PROVINCE_NAMES);
  });

  it("name the UK county groups as the spec does", () => {
    expect(UK_COUNTY_GROUPS.map((group) => files.en.get(group.labelKey))).toEqual([
      "England",
      "Northern Ireland",
      "Scotland",
      "Unitary Authorities of Wales",
      "UK Offshore Dependencies",
    ]);
  });
});
