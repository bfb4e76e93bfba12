import { describe, expect, it } from "vitest";
import enCatalog from "../../public/locales/en/catalog.json" with { type: "json" };
import enSections from "../../public/locales/en/sections.json" with { type: "json" };
import frCatalog from "../../public/locales/fr/catalog.json" with { type: "json" };
import frSections from "../../public/locales/fr/sections.json" with { type: "json" };
import { ASSIGNED_TYPES } from "../sections/assignedTypes.ts";
import { MODULES } from "../sections/modules.ts";
import { isCountryCode } from "./countries.ts";
import { MONEY_CURRENCIES } from "./currencies.ts";
import {
  isOptionListName,
  isOptionOf,
  OPTION_LISTS,
  type OptionListName,
  optionLabelKey,
  optionsOf,
} from "./optionLists.ts";
import { PROVINCE_KEYS } from "./provinces.ts";
import { RELATIONSHIP_TYPES_BY_GROUP } from "./relationships.ts";

// CATALOG.md section 4, verbatim: the rows of the lists labelled under `option.<list>`.
const CATALOG_ROWS = `
| residencyStatus | permanentresident | citizen = Citizen (certificate) / Citoyen(ne) (certificat); permanentResident = Permanent resident / Résident(e) permanent(e); workPermit = Work permit / Permis de travail; studyPermit = Study permit / Permis d'études; visitor = Visitor record or visa / Fiche du visiteur ou visa; protectedPerson = Protected person or refugee / Personne protégée ou réfugiée; usGreenCard = US green card / Carte verte (É.-U.); ukSettled = UK settled status or ILR / Statut de résident établi (R.-U.); euResidence = EU residence permit / Titre de séjour (UE); other |
| travelDocumentType | passport | passport = Passport / Passeport; nexus = NEXUS card / Carte NEXUS; globalEntry = Global Entry / Global Entry; refugeeTravel = Refugee travel document / Titre de voyage de réfugié; certificateOfIdentity = Certificate of identity / Certificat d'identité; emergency = Emergency or temporary passport / Passeport d'urgence ou temporaire; other |
| healthCardType | healthcard | provincial = Provincial or territorial health card / Carte d'assurance maladie provinciale ou territoriale; nhs = NHS number (UK) / Numéro NHS (R.-U.); ehic = EHIC or GHIC (Europe) / Carte européenne d'assurance maladie (CEAM) ou GHIC; medicare = Medicare (US) / Medicare (É.-U.); medicaid = Medicaid (US) / Medicaid (É.-U.); national = National health insurance card / Carte nationale d'assurance maladie; private = Private insurer card / Carte d'assureur privé; other |
| medicalEntryType | medicalhistory | condition = Condition or diagnosis / Affection ou diagnostic; allergy = Allergy / Allergie; medication = Medication / Médicament; surgery = Surgery or procedure / Chirurgie ou intervention; immunization = Immunization / Vaccination; hospitalization = Hospital stay / Hospitalisation; device = Implant or medical device / Implant ou dispositif médical; bloodType = Blood type / Groupe sanguin; familyHistory = Family history / Antécédents familiaux; other |
| severity | medicalhistory | mild = Mild / Légère; moderate = Moderate / Modérée; severe = Severe / Grave; lifeThreatening = Life-threatening (e.g. anaphylaxis) / Potentiellement mortelle (p. ex. anaphylaxie) |
| propertyType | owned, ownership | detached = Detached house / Maison individuelle; semiDetached = Semi-detached / Maison jumelée; townhouse = Townhouse / Maison en rangée; condo = Condo apartment / Appartement en copropriété; plex = Duplex or multi-unit / Duplex ou plex; cottage = Cottage or cabin / Chalet; mobileHome = Mobile home / Maison mobile; land = Land / Terrain; farm = Farm / Ferme; commercial = Commercial / Commercial; timeshare = Timeshare / Multipropriété; other |
| propertyUse | ownership | rental = Rental property / Immeuble locatif; vacation = Vacation property / Propriété de villégiature; business = Business use / Usage commercial; vacant = Vacant or land held / Vacant ou terrain détenu; familyUse = Used by a family member / Occupé par un membre de la famille; other |
| ownershipForm | assetOwnedType | sole = Sole owner / Propriétaire unique; jointSurvivorship = Joint with right of survivorship / Propriété conjointe avec droit de survie; tenantsInCommon = Tenants in common or undivided co-ownership / Tenance commune ou copropriété indivise; corporation = Held by a corporation / Détenu par une société; trust = Held in trust / Détenu en fiducie; other |
| leaseType | rental | fixedTerm = Fixed term / Durée fixe; monthToMonth = Month-to-month / Mois par mois; sublease = Sublease / Sous-location; room = Room rental / Location de chambre; other |
| serviceType | setup | electricity = Electricity / Électricité; naturalGas = Natural gas / Gaz naturel; heatingFuel = Heating oil or propane / Mazout ou propane; water = Water and sewer / Eau et égouts; internet = Internet / Internet; tv = TV or streaming / Télévision ou diffusion en continu; homePhone = Home phone / Téléphone résidentiel; mobile = Mobile phone / Cellulaire; waste = Waste and recycling / Ordures et recyclage; alarmMonitoring = Alarm monitoring / Télésurveillance; equipmentRental = Water heater or equipment rental / Location de chauffe-eau ou d'équipement; other |
| billType | bill | utility = Utility / Service public; telecom = Phone, internet or TV / Téléphone, Internet ou télé; insurance = Insurance premium / Prime d'assurance; propertyTax = Property tax / Taxes foncières; rent = Rent / Loyer; mortgage = Mortgage / Prêt hypothécaire; loan = Loan or line of credit / Prêt ou marge de crédit; creditCard = Credit card / Carte de crédit; childcare = Childcare or school / Garde ou école; subscription = Subscription or membership / Abonnement ou adhésion; donation = Donation / Don; taxInstalment = Tax instalment / Acompte provisionnel; other |
| frequency | bill, payroll, outschool, caregiver, annualmaintenance, insurance, liability | weekly = Weekly / Hebdomadaire; biweekly = Every two weeks / Aux deux semaines; semiMonthly = Twice a month / Deux fois par mois; monthly = Monthly / Mensuelle; quarterly = Quarterly / Trimestrielle; semiAnnual = Twice a year / Semestrielle; annual = Yearly / Annuelle; oneTime = One time / Une seule fois; irregular = Irregular / Irrégulière |
| paymentMethod | bill | preAuthorizedDebit = Pre-authorized debit / Prélèvement automatique; creditCard = Credit card / Carte de crédit; onlineBanking = Online bill payment / Paiement de factures en ligne; transfer = Interac e-Transfer or bank transfer / Virement Interac ou bancaire; cheque = Cheque / Chèque; cash = Cash / Comptant; payroll = Payroll deduction / Retenue sur la paie; other |
| safetyItemType | safety | alarmSystem = Alarm system / Système d'alarme; smokeAlarm = Smoke alarm / Avertisseur de fumée; coAlarm = Carbon monoxide alarm / Avertisseur de monoxyde de carbone; fireExtinguisher = Fire extinguisher / Extincteur; waterShutoff = Main water shut-off / Robinet d'arrêt principal; gasShutoff = Gas shut-off / Robinet d'arrêt du gaz; electricalPanel = Electrical panel / Panneau électrique; sumpPump = Sump pump or backwater valve / Pompe de puisard ou clapet antiretour; generator = Generator / Génératrice; emergencyKit = Emergency kit / Trousse d'urgence; firstAidKit = First aid kit / Trousse de premiers soins; meetingPoint = Evacuation plan or meeting point / Plan d'évacuation ou point de rassemblement; safe = Home safe / Coffre-fort; camera = Security camera / Caméra de surveillance; other |
| workType | maintenance, annualmaintenance | hvac = Heating and cooling / Chauffage et climatisation; plumbing = Plumbing / Plomberie; electrical = Electrical / Électricité; roofing = Roof and gutters / Toiture et gouttières; windowsDoors = Windows and doors / Portes et fenêtres; appliance = Appliances / Électroménagers; landscaping = Landscaping / Aménagement paysager; snowRemoval = Snow removal / Déneigement; pestControl = Pest control / Extermination; chimney = Chimney or fireplace / Cheminée ou foyer; septicWell = Septic or well / Fosse septique ou puits; pool = Pool or spa / Piscine ou spa; cleaning = Cleaning / Nettoyage; painting = Painting / Peinture; renovation = Renovation / Rénovation; other |
| season | annualmaintenance | spring = Spring / Printemps; summer = Summer / Été; fall = Fall / Automne; winter = Winter / Hiver; anytime = Any time / En tout temps |
| vehicleType | vehicle | car = Car / Automobile; suv = SUV / VUS; truck = Pickup truck / Camionnette; van = Van or minivan / Fourgonnette; motorcycle = Motorcycle / Moto; rv = RV or motorhome / VR ou autocaravane; boat = Boat / Bateau; snowmobile = Snowmobile / Motoneige; atv = ATV / VTT; trailer = Trailer / Remorque; other |
| vehicleOwnership | vehicle | owned = Owned outright / Payé en entier; financed = Financed / Financé; leased = Leased / Location à long terme; company = Company vehicle / Véhicule d'entreprise; other |
| species | pet | dog = Dog / Chien; cat = Cat / Chat; bird = Bird / Oiseau; fish = Fish / Poisson; rabbit = Rabbit / Lapin; smallMammal = Small mammal / Petit mammifère; reptile = Reptile / Reptile; horse = Horse / Cheval; other |
| careType | outschool | daycare = Daycare centre / Garderie ou CPE; homeDaycare = Home daycare / Garde en milieu familial; beforeSchool = Before school / Avant l'école; afterSchool = After school / Après l'école; schoolDaycare = School-based care / Service de garde en milieu scolaire; dayCamp = Day or holiday camp / Camp de jour; other |
| activityType | curricular | sport = Sport / Sport; music = Music / Musique; arts = Arts or drama / Arts ou théâtre; dance = Dance / Danse; language = Language / Langue; tutoring = Tutoring / Tutorat; youthGroup = Scouts, Guides or youth group / Scouts, Guides ou groupe jeunesse; camp = Overnight camp / Camp de vacances; other |
| caregiverType | caregiver | nanny = Nanny / Gardien(ne) à domicile; babysitter = Babysitter / Gardien(ne) d'enfants; auPair = Au pair / Au pair; homeCare = Home care or personal support worker / Soins à domicile ou préposé(e) aux bénéficiaires; nurse = Nurse / Infirmier(ère); respite = Respite care / Répit; eldercare = Elder care / Soins aux aînés; other |
| payArrangement | caregiver | employee = I am the employer (payroll) / Je suis l'employeur (paie); agency = Through an agency / Par une agence; selfEmployed = Self-employed / Travailleur(euse) autonome; subsidized = Publicly funded / Financé par l'État; unpaid = Family or unpaid / Famille ou bénévole; other |
| employmentType | employment | fullTime = Full-time / Temps plein; partTime = Part-time / Temps partiel; contract = Contract or term / Contrat ou durée déterminée; seasonal = Seasonal / Saisonnier; casual = Casual or on call / Occasionnel ou sur appel; selfEmployed = Self-employed / Travail autonome; other |
| incomeType | employmentincome | salary = Salary / Salaire; hourly = Hourly wages / Salaire horaire; commission = Commission / Commissions; bonus = Bonus / Prime; selfEmployment = Self-employment / Travail autonome; tips = Tips / Pourboires; other |
| payDeduction | payroll | pension = Pension plan / Régime de retraite; groupSavings = Group RRSP or savings / REER collectif ou épargne; unionDues = Union dues / Cotisations syndicales; benefits = Benefit premiums / Primes d'assurance collective; sharePlan = Share purchase plan / Régime d'achat d'actions; charity = Charitable giving / Dons de bienfaisance; parking = Parking or transit / Stationnement ou transport en commun; other |
| benefitType | benefits | health = Extended health / Soins de santé complémentaires; drug = Prescription drugs / Médicaments; dental = Dental / Soins dentaires; vision = Vision / Soins de la vue; life = Group life / Assurance vie collective; dependentLife = Dependent life / Assurance vie des personnes à charge; add = Accidental death and dismemberment / Décès et mutilation accidentels; std = Short-term disability / Invalidité de courte durée; ltd = Long-term disability / Invalidité de longue durée; criticalIllness = Critical illness / Maladies graves; travel = Travel medical / Assurance voyage; hsa = Health spending account / Compte de dépenses santé; eap = Employee assistance program / Programme d'aide aux employés; other |
| coverageLevel | benefits | single = Single / Individuelle; couple = Couple / Couple; family = Family / Familiale |
| sharePlanType | shares | espp = Employee share purchase plan / Régime d'achat d'actions des employés; stockOptions = Stock options / Options d'achat d'actions; rsu = Restricted share units / Unités d'actions restreintes; psu = Performance share units / Unités d'actions liées au rendement; dsu = Deferred share units / Unités d'actions différées; other |
| libraryDocType | documentlibrary | birthCertificate = Birth certificate / Certificat ou acte de naissance; marriageCertificate = Marriage certificate / Certificat de mariage; marriageContract = Marriage contract, prenup or cohabitation agreement / Contrat de mariage ou de vie commune; separation = Divorce or separation agreement / Jugement de divorce ou entente de séparation; deathCertificate = Death certificate / Certificat de décès; citizenship = Citizenship or immigration / Citoyenneté ou immigration; sinRecord = SIN, SSN or NI number record / Confirmation du NAS ou équivalent; tax = Tax return or notice of assessment / Déclaration de revenus ou avis de cotisation; propertyTitle = Deed or title / Acte de propriété ou titre; vehicleRegistration = Vehicle registration / Certificat d'immatriculation; insurancePolicy = Insurance policy / Police d'assurance; medical = Medical record / Dossier médical; education = Diploma or transcript / Diplôme ou relevé de notes; military = Military service record / États de service militaire; courtOrder = Court order or custody / Ordonnance du tribunal ou jugement de garde; warranty = Warranty or receipt / Garantie ou reçu; wishes = Letter or memorandum of wishes / Lettre ou mémoire de volontés; keepsake = Photo or keepsake / Photo ou souvenir; other |
| documentLocation | originalLocation | homeSafe = Home safe / Coffre-fort à la maison; homeFiles = Home files / Dossiers à la maison; safetyDepositBox = Safety deposit box / Coffret de sûreté; lawyerNotary = Lawyer's or notary's office / Bureau de l'avocat ou du notaire; registry = Official registry / Registre officiel; withExecutor = With executor or attorney / Chez le liquidateur ou le mandataire; storage = Storage facility / Entrepôt libre-service; digitalOnly = Digital copy only / Copie numérique seulement; unknown = Unknown / Inconnu; other |
| willType | will | formal = Formal will (signed before witnesses) / Testament devant témoins; holograph = Holograph (handwritten) / Testament olographe; notarial = Notarial will (Quebec) / Testament notarié (Québec); multiple = Primary and secondary wills / Testaments multiples (principal et secondaire); mutual = Mirror or mutual wills / Testaments réciproques; international = International will / Testament international; other |
| poaHealthType | poahealth | personalCare = POA for personal care (ON) / Procuration relative au soin de la personne (Ont.); representationAgreement = Representation agreement (BC) / Convention de représentation (C.-B.); personalDirective = Personal or health care directive (AB, MB, NS, etc.) / Directive personnelle ou en matière de soins de santé (Alb., Man., N.-É., etc.); protectionMandate = Protection mandate (QC) / Mandat de protection (Qc); healthCareProxy = Health care proxy or medical POA (US) / Procuration médicale (É.-U.); lpaHealth = LPA health and welfare (England and Wales) / Procuration LPA santé et bien-être (Angleterre et pays de Galles); welfareScotland = Welfare power of attorney (Scotland) / Procuration relative au bien-être (Écosse); other |
| poaFinancesType | poafinances | continuingProperty = Continuing POA for property (ON) / Procuration perpétuelle relative aux biens (Ont.); enduring = Enduring POA (BC, AB, Northern Ireland, etc.) / Procuration durable (C.-B., Alb., Irlande du Nord, etc.); protectionMandate = Protection mandate (QC) / Mandat de protection (Qc); general = General (non-continuing) POA / Procuration générale (non durable); bankForm = Bank's own POA form / Procuration propre à une banque; durable = Durable POA (US) / Procuration durable (É.-U.); lpaFinance = LPA property and financial affairs (England and Wales) / Procuration LPA biens et affaires financières (Angleterre et pays de Galles); continuingScotland = Continuing power of attorney (Scotland) / Procuration perpétuelle (Écosse); other |
| actingMode | poahealth, poafinances | sole = Single attorney / Mandataire unique; jointly = Jointly (must agree) / Conjointement; jointlySeverally = Jointly and severally (any may act) / Conjointement et individuellement; successively = One after another / Successivement |
| effectiveWhen | poahealth, poafinances | immediately = On signing / Dès la signature; onIncapacity = On incapacity / En cas d'inaptitude; onCondition = On a stated condition / À une condition précisée |
| directiveType | livingwill | livingWill = Living will / Testament biologique; advanceDirective = Advance medical directives / Directives médicales anticipées; advanceCarePlan = Advance care plan / Planification préalable des soins; levelOfCare = DNR or level-of-care form / Ordonnance de non-réanimation ou niveau de soins; polst = POLST or MOLST (US) / POLST ou MOLST (É.-U.); other |
| treatmentPreference | livingwill | allTreatment = All appropriate treatment / Tous les traitements appropriés; limited = Limited treatment / Traitements limités; comfortOnly = Comfort care only / Soins de confort seulement; seeDocument = As set out in the document / Selon le document |
| organDonation | livingwill | registered = Registered donor / Inscrit(e) au registre des donneurs; willing = Willing, not registered / Consentant(e), non inscrit(e); bodyDonation = Whole-body donation / Don du corps; no = Does not wish to donate / Refuse le don; undecided = Undecided / Indécis(e) |
| guardianType | guardian | custody = Custody and care / Garde et soins; property = Property only / Biens seulement; both = Custody and property / Garde et biens |
| appointedIn | guardian | will = My will / Mon testament; separateDocument = Separate document / Document distinct; courtOrder = Court order / Ordonnance du tribunal; wishOnly = Wish not yet in writing / Souhait non encore consigné |
| trustType | trustee | testamentary = Testamentary trust / Fiducie testamentaire; interVivos = Inter vivos (living) trust / Fiducie entre vifs; family = Family trust / Fiducie familiale; alterEgo = Alter ego or joint partner trust / Fiducie en faveur de soi-même ou fiducie mixte au profit du conjoint; henson = Henson (disability) trust / Fiducie Henson (invalidité); spousal = Spousal trust / Fiducie au profit du conjoint; bare = Bare trust / Fiducie nue; revocable = Revocable living trust (US) / Fiducie révocable (É.-U.); other |
| trustRole | trustee | settlor = Settlor / Constituant(e); trustee = Trustee / Fiduciaire; beneficiary = Beneficiary / Bénéficiaire; protector = Protector / Protecteur(trice) |
| dispositionType | funeralhome | burial = Burial / Inhumation; cremation = Cremation / Crémation; greenBurial = Green burial / Inhumation écologique; waterCremation = Water cremation (alkaline hydrolysis) / Aquamation (hydrolyse alcaline); entombment = Mausoleum / Mausolée; bodyDonation = Donation to science / Don du corps à la science; undecided = Undecided / Indécis(e) |
| funeralServiceType | funeralhome | funeral = Funeral service / Funérailles; memorial = Memorial service / Service commémoratif; celebration = Celebration of life / Célébration de la vie; graveside = Graveside only / Au cimetière seulement; private = Private family gathering / Rassemblement familial privé; none = No service / Aucune cérémonie; undecided = Undecided / Indécis(e) |
| notifyEvent | tocontact, nottocontact | death = My death / Mon décès; incapacity = My incapacity / Mon inaptitude; hospital = Hospitalization / Hospitalisation; emergency = Emergency / Urgence; funeral = Funeral arrangements / Arrangements funéraires; estate = Estate matters / Succession |
| contactMethod | tocontact | phone = Phone / Téléphone; email = Email / Courriel; inPerson = In person / En personne; letter = Letter / Lettre; any = Any / Peu importe |
| bankingProductType | asset | chequing = Chequing / Compte chèques; savings = Savings / Compte d'épargne; highInterest = High-interest savings / Épargne à intérêt élevé; usDollar = US dollar account / Compte en dollars américains; tfsa = TFSA / CELI; rrsp = RRSP / REER; rrif = RRIF / FERR; resp = RESP / REEE; rdsp = RDSP / REEI; fhsa = FHSA / CELIAPP; gic = GIC or term deposit / CPG ou dépôt à terme; business = Business account / Compte d'entreprise; inTrust = In-trust account / Compte en fiducie; other |
| investmentType | investment | nonRegistered = Non-registered / Non enregistré; tfsa = TFSA / CELI; rrsp = RRSP / REER; spousalRrsp = Spousal RRSP / REER de conjoint; rrif = RRIF / FERR; lira = LIRA or locked-in RRSP / CRI ou REER immobilisé; lif = LIF / FRV; resp = RESP / REEE; rdsp = RDSP / REEI; fhsa = FHSA / CELIAPP; us401k = 401(k) (US) / 401(k) (É.-U.); usIra = IRA or Roth IRA (US) / IRA ou Roth IRA (É.-U.); ukIsa = ISA (UK) / ISA (R.-U.); ukSipp = SIPP (UK) / SIPP (R.-U.); other |
| nonRegisteredInvestmentType | investment | brokerage = Brokerage (cash or margin) / Courtage (comptant ou marge); mutualFund = Mutual fund account / Compte de fonds communs; managed = Managed account / Compte géré; directShares = Directly held share certificates / Certificats d'actions détenus directement; privateCompany = Private company shares / Actions de société fermée; loanReceivable = Loan or mortgage receivable / Prêt ou hypothèque à recevoir; crypto = Cryptocurrency / Cryptomonnaie; preciousMetals = Precious metals / Métaux précieux; other |
| securityType | investment | stocks = Stocks / Actions; bonds = Bonds / Obligations; mutualFunds = Mutual funds / Fonds communs de placement; etfs = ETFs / FNB; gics = GICs / CPG; segregatedFunds = Segregated funds / Fonds distincts; cash = Cash or money market / Liquidités ou marché monétaire; options = Options / Options; crypto = Crypto-assets / Cryptoactifs; other |
| pensionPlanType | pensionplan | definedBenefit = Defined benefit / Prestations déterminées; definedContribution = Defined contribution / Cotisations déterminées; groupRrsp = Group RRSP / REER collectif; dpsp = DPSP / RPDB; prpp = PRPP or VRSP / RPAC ou RVER; cpp = Canada Pension Plan / Régime de pensions du Canada; qpp = Quebec Pension Plan / Régime de rentes du Québec; oas = Old Age Security and GIS / Sécurité de la vieillesse et SRG; usSocialSecurity = US Social Security / Sécurité sociale (É.-U.); ukStatePension = UK State Pension / Pension de l'État (R.-U.); ukWorkplace = UK workplace pension / Régime de retraite d'employeur (R.-U.); foreignPension = Other government pension / Autre pension publique; annuity = Annuity / Rente viagère ou certaine; other |
| pensionStatus | pensionplan | contributing = Contributing / Cotisant(e); deferred = Deferred (left the plan) / Rente différée; receiving = Receiving payments / En paiement; notEligible = Not yet eligible / Pas encore admissible; survivor = Survivor pension / Rente de conjoint survivant |
| personalAssetType | personalassets | jewellery = Jewellery and watches / Bijoux et montres; art = Art / Œuvres d'art; collectibles = Coins, stamps, collectibles / Pièces, timbres, objets de collection; heirloom = Antiques and heirlooms / Antiquités et objets de famille; furniture = Furniture / Mobilier; electronics = Electronics / Électronique; instruments = Musical instruments / Instruments de musique; firearms = Firearms / Armes à feu; sports = Sports and recreation equipment / Équipement sportif et récréatif; bullion = Physical precious metals / Métaux précieux physiques; digital = Digital assets (domains, NFTs) / Actifs numériques (noms de domaine, JNF); other |
| businessType | business | soleProprietorship = Sole proprietorship / Entreprise individuelle; partnership = Partnership / Société de personnes; corporation = Corporation / Société par actions; professionalCorporation = Professional corporation / Société professionnelle; llc = LLC or LLP / LLC ou SENCRL; cooperative = Co-operative / Coopérative; nonProfit = Non-profit / Organisme sans but lucratif; other |
| inheritanceStatus | inheritance | expected = Expected / Prévu; inProgress = Estate being settled / Succession en règlement; received = Received / Reçu; disputed = Disputed / Contesté; renounced = Renounced / Renonciation |
| insuranceType | insurance | lifeTerm = Term life / Assurance vie temporaire; lifePermanent = Whole or universal life / Assurance vie permanente (entière ou universelle); criticalIllness = Critical illness / Maladies graves; disability = Disability / Invalidité; longTermCare = Long-term care / Soins de longue durée; health = Private health and dental / Santé et dentaire (privée); travel = Travel / Voyage; home = Home or condo / Habitation ou copropriété; tenant = Tenant / Locataire; auto = Auto / Automobile; umbrella = Umbrella liability / Responsabilité civile complémentaire; pet = Pet / Animaux de compagnie; mortgageLife = Mortgage or creditor life / Assurance vie hypothécaire ou assurance crédit; business = Business or key person / Entreprise ou personne clé; finalExpense = Final expense / Frais funéraires; other |
| liabilityType | liability | mortgage = Mortgage / Prêt hypothécaire; heloc = Home equity line of credit / Marge de crédit hypothécaire; lineOfCredit = Line of credit / Marge de crédit; personalLoan = Personal loan / Prêt personnel; carLoan = Car loan / Prêt automobile; carLease = Vehicle lease / Location à long terme de véhicule; studentLoan = Student loan / Prêt étudiant; businessLoan = Business loan / Prêt d'entreprise; taxOwing = Tax owing / Impôt à payer; familyLoan = Loan from family or friend / Prêt d'un proche; bnpl = Buy now, pay later / Achetez maintenant, payez plus tard; guarantee = Guaranteed or co-signed debt / Cautionnement ou coemprunt; other |
| cardNetwork | creditcard | visa = Visa / Visa; mastercard = Mastercard / Mastercard; amex = American Express / American Express; discover = Discover / Discover; storeCard = Store card / Carte de magasin; other |
| passwordCategory | password | email = Email / Courriel; banking = Banking and finance / Banque et finances; government = Government (CRA, Service Canada, IRS, HMRC) / Gouvernement (ARC, Service Canada, IRS, HMRC); utilities = Utilities and telecom / Services publics et télécom; shopping = Shopping / Achats; work = Work / Travail; device = Device or computer unlock / Déverrouillage d'appareil ou d'ordinateur; wifi = Wi-Fi or network / Wi-Fi ou réseau; streaming = Streaming and entertainment / Diffusion en continu et divertissement; cloud = Cloud storage and photos / Stockage infonuagique et photos; other |
| mfaMethod | password | none = None / Aucune; sms = Text message / Texto; authenticator = Authenticator app / Application d'authentification; email = Email / Courriel; securityKey = Security key / Clé de sécurité; passkey = Passkey / Clé d'accès; other |
| afterDeathAction | password, socialmedia | close = Close the account / Fermer le compte; memorialize = Memorialize / Transformer en compte commémoratif; downloadThenClose = Download content, then close / Télécharger le contenu puis fermer; transfer = Transfer to someone / Transférer à une personne; keep = Keep active / Garder actif; executorDecides = Executor decides / Au choix du liquidateur |
| socialPlatform | socialmedia | facebook = Facebook / Facebook; instagram = Instagram / Instagram; x = X (Twitter) / X (Twitter); linkedin = LinkedIn / LinkedIn; tiktok = TikTok / TikTok; youtube = YouTube / YouTube; snapchat = Snapchat / Snapchat; pinterest = Pinterest / Pinterest; reddit = Reddit / Reddit; whatsapp = WhatsApp / WhatsApp; bluesky = Bluesky / Bluesky; threads = Threads / Threads; other |
| loyaltyType | flyernumbers | airline = Airline / Compagnie aérienne; hotel = Hotel / Hôtel; carRental = Car rental / Location d'auto; retail = Retail or grocery / Commerce ou épicerie; cardRewards = Credit card rewards / Récompenses de carte de crédit; rail = Rail / Train; other |
| lockType | keylock | houseKey = House or unit key / Clé de maison ou de logement; vehicleKey = Vehicle key or fob / Clé ou télécommande de véhicule; mailbox = Mailbox key / Clé de boîte aux lettres; padlock = Padlock / Cadenas; keypad = Keypad, garage or gate code / Code de clavier, de garage ou de barrière; safe = Safe / Coffre-fort; depositBoxKey = Safety deposit box key / Clé de coffret de sûreté; office = Office key or card / Clé ou carte du bureau; lockbox = Key lockbox / Boîte à clés; other |
`;

/** Section 4's lists in its order, then the four it defines by reference. */
const LIST_NAMES = [
  "currency",
  "province",
  "residencyStatus",
  "travelDocumentType",
  "healthCardType",
  "medicalEntryType",
  "severity",
  "propertyType",
  "propertyUse",
  "ownershipForm",
  "leaseType",
  "serviceType",
  "billType",
  "frequency",
  "paymentMethod",
  "safetyItemType",
  "workType",
  "season",
  "vehicleType",
  "vehicleOwnership",
  "species",
  "careType",
  "activityType",
  "caregiverType",
  "payArrangement",
  "employmentType",
  "incomeType",
  "payDeduction",
  "benefitType",
  "coverageLevel",
  "sharePlanType",
  "libraryDocType",
  "documentLocation",
  "willType",
  "poaHealthType",
  "poaFinancesType",
  "actingMode",
  "effectiveWhen",
  "directiveType",
  "treatmentPreference",
  "organDonation",
  "guardianType",
  "appointedIn",
  "trustType",
  "trustRole",
  "dispositionType",
  "funeralServiceType",
  "notifyEvent",
  "contactMethod",
  "bankingProductType",
  "investmentType",
  "nonRegisteredInvestmentType",
  "securityType",
  "pensionPlanType",
  "pensionStatus",
  "personalAssetType",
  "businessType",
  "inheritanceStatus",
  "insuranceType",
  "liabilityType",
  "cardNetwork",
  "passwordCategory",
  "mfaMethod",
  "afterDeathAction",
  "socialPlatform",
  "loyaltyType",
  "lockType",
  "releaseTiming",
  "shareStatus",
  "gender",
  "maritalStatus",
  "phoneType",
  "origin",
  "country",
  "kinType",
  "module",
  "category",
];

const cells = (row: string) => row.replace(/^\| | \|$/g, "").split(" | ");

/** `key = English / Français` pairs of a cell; a bare `other` means Other / Autre. */
function parseOptions(cell: string): [key: string, en: string, fr: string][] {
  return cell.split("; ").map((part): [string, string, string] => {
    if (part === "other") return ["other", "Other", "Autre"];
    const match = /^(\w+) = (.+) \/ (.+)$/.exec(part);
    if (!match?.[1] || !match[2] || !match[3]) throw new Error(`Cannot read option ${part}`);
    return [match[1], match[2], match[3]];
  });
}

const documented = new Map(
  CATALOG_ROWS.trim()
    .split("\n")
    .map((row) => {
      const [list = "", , options = ""] = cells(row);
      return [list, parseOptions(options)] as const;
    }),
);

/** A label by its namespaced key ("catalog:option.species.dog"), in one language. */
function label(lng: "en" | "fr", key: string): unknown {
  const [ns = "", path = ""] = key.split(":");
  const files = {
    catalog: lng === "en" ? enCatalog : frCatalog,
    sections: lng === "en" ? enSections : frSections,
  } as Record<string, unknown>;
  return path
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], files[ns]);
}

const names = Object.keys(OPTION_LISTS) as OptionListName[];

describe("option lists", () => {
  it("are the lists of CATALOG.md section 4, in its order", () => {
    expect(names).toEqual(LIST_NAMES);
    expect(documented.size).toBe(65);
  });

  it("hold the documented keys in the documented order", () => {
    for (const [list, options] of documented) {
      expect(optionsOf(list), list).toEqual(options.map(([key]) => key));
    }
  });

  it("are labelled in en and fr exactly as CATALOG.md gives them", () => {
    for (const [list, options] of documented) {
      expect(isOptionListName(list)).toBe(true);
      for (const [key, enLabel, frLabel] of options) {
        const labelKey = optionLabelKey(list as Exclude<OptionListName, "country">, key);
        expect(labelKey).toBe(`catalog:option.${list}.${key}`);
        expect(label("en", labelKey), labelKey).toBe(enLabel);
        expect(label("fr", labelKey), labelKey).toBe(frLabel);
      }
    }
  });

  it("take the lists other catalogs own from them, with their labels", () => {
    expect(OPTION_LISTS.currency).toBe(MONEY_CURRENCIES);
    expect(OPTION_LISTS.province).toBe(PROVINCE_KEYS);
    expect(OPTION_LISTS.kinType).toBe(RELATIONSHIP_TYPES_BY_GROUP.dependent);
    expect(optionLabelKey("currency", "cad")).toBe("catalog:currency.cad");
    expect(optionLabelKey("province", "qc")).toBe("catalog:province.qc");
    expect(optionLabelKey("kinType", "aunt")).toBe("catalog:relationshipType.aunt");
    expect(optionLabelKey("module", "assets")).toBe("sections:module.assets");
    expect(optionLabelKey("category", "passport")).toBe("sections:category.passport");
    expect(label("en", optionLabelKey("category", "pet"))).toBe("Pet Details");
    expect(label("fr", optionLabelKey("kinType", "other"))).toBe("Autre");
  });

  it("label every option of every list but country in both languages, and nothing more", () => {
    for (const list of names) {
      if (list === "country") continue;
      for (const key of OPTION_LISTS[list]) {
        const labelKey = optionLabelKey(list, key);
        expect(typeof label("en", labelKey) === "string" && label("en", labelKey) !== "", labelKey).toBe(
          true,
        );
        expect(typeof label("fr", labelKey) === "string" && label("fr", labelKey) !== "", labelKey).toBe(
          true,
        );
      }
    }
    expect(Object.keys(enCatalog.option)).toEqual([...documented.keys()]);
    expect(Object.keys(frCatalog.option)).toEqual([...documented.keys()]);
  });

  it("offer the countries the countries lookup accepts, and the declared modules and assignedTypes", () => {
    expect(OPTION_LISTS.country.length).toBeGreaterThan(240);
    expect(OPTION_LISTS.country.every(isCountryCode)).toBe(true);
    expect(OPTION_LISTS.country).toContain("CA");
    expect(OPTION_LISTS.module).toEqual(MODULES);
    expect(OPTION_LISTS.category).toEqual(ASSIGNED_TYPES);
  });

  it("have distinct keys, and camelCase ones but the spec's release timings", () => {
    for (const list of names) {
      const keys: readonly string[] = OPTION_LISTS[list];
      expect(keys.length, list).toBeGreaterThan(0);
      expect(new Set(keys).size, list).toBe(keys.length);
      if (list !== "releaseTiming" && list !== "country" && list !== "module")
        for (const key of keys) expect(key, list).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    }
  });

  it("answer membership and unknown names", () => {
    expect(isOptionOf("species", "dog")).toBe(true);
    expect(isOptionOf("species", "dragon")).toBe(false);
    expect(isOptionOf("species", 3)).toBe(false);
    expect(optionsOf("nope")).toBeUndefined();
    expect(isOptionListName("toString")).toBe(false);
  });
});
