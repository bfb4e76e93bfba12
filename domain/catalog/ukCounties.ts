/**
 * Counties of the address picker's United Kingdom select, in the five groups the spec names.
 * England: the 48 ceremonial counties; Northern Ireland: its six counties; Scotland: the 32
 * council areas; Wales: the 22 unitary authorities (principal areas); offshore: the Crown
 * Dependencies and the inhabited islands of the Bailiwick of Guernsey. Addresses store the name
 * as listed here, in English, in every UI language (like a Canadian province's name).
 */
const UK_COUNTY_GROUP_KEYS = ["england", "northernIreland", "scotland", "wales", "offshore"] as const;
export type UkCountyGroupKey = (typeof UK_COUNTY_GROUP_KEYS)[number];

export interface UkCountyGroup {
  group: UkCountyGroupKey;
  labelKey: `ukCountyGroup.${UkCountyGroupKey}`;
  counties: readonly string[];
}

const COUNTIES_BY_GROUP: Record<UkCountyGroupKey, readonly string[]> = {
  england: [
    "Bedfordshire",
    "Berkshire",
    "Bristol",
    "Buckinghamshire",
    "Cambridgeshire",
    "Cheshire",
    "City of London",
    "Cornwall",
    "County Durham",
    "Cumbria",
    "Derbyshire",
    "Devon",
    "Dorset",
    "East Riding of Yorkshire",
    "East Sussex",
    "Essex",
    "Gloucestershire",
    "Greater London",
    "Greater Manchester",
    "Hampshire",
    "Herefordshire",
    "Hertfordshire",
    "Isle of Wight",
    "Kent",
    "Lancashire",
    "Leicestershire",
    "Lincolnshire",
    "Merseyside",
    "Norfolk",
    "North Yorkshire",
    "Northamptonshire",
    "Northumberland",
    "Nottinghamshire",
    "Oxfordshire",
    "Rutland",
    "Shropshire",
    "Somerset",
    "South Yorkshire",
    "Staffordshire",
    "Suffolk",
    "Surrey",
    "Tyne and Wear",
    "Warwickshire",
    "West Midlands",
    "West Sussex",
    "West Yorkshire",
    "Wiltshire",
    "Worcestershire",
  ],
  northernIreland: [
    "County Antrim",
    "County Armagh",
    "County Down",
    "County Fermanagh",
    "County Londonderry",
    "County Tyrone",
  ],
  scotland: [
    "Aberdeen City",
    "Aberdeenshire",
    "Angus",
    "Argyll and Bute",
    "City of Edinburgh",
    "Clackmannanshire",
    "Dumfries and Galloway",
    "Dundee City",
    "East Ayrshire",
    "East Dunbartonshire",
    "East Lothian",
    "East Renfrewshire",
    "Falkirk",
    "Fife",
    "Glasgow City",
    "Highland",
    "Inverclyde",
    "Midlothian",
    "Moray",
    "Na h-Eileanan Siar",
    "North Ayrshire",
    "North Lanarkshire",
    "Orkney Islands",
    "Perth and Kinross",
    "Renfrewshire",
    "Scottish Borders",
    "Shetland Islands",
    "South Ayrshire",
    "South Lanarkshire",
    "Stirling",
    "West Dunbartonshire",
    "West Lothian",
  ],
  wales: [
    "Blaenau Gwent",
    "Bridgend",
    "Caerphilly",
    "Cardiff",
    "Carmarthenshire",
    "Ceredigion",
    "Conwy",
    "Denbighshire",
    "Flintshire",
    "Gwynedd",
    "Isle of Anglesey",
    "Merthyr Tydfil",
    "Monmouthshire",
    "Neath Port Talbot",
    "Newport",
    "Pembrokeshire",
    "Powys",
    "Rhondda Cynon Taf",
    "Swansea",
    "Torfaen",
    "Vale of Glamorgan",
    "Wrexham",
  ],
  offshore: ["Alderney", "Guernsey", "Isle of Man", "Jersey", "Sark"],
};

/** The groups in the spec's order, each with its label key and its counties (alphabetical). */
export const UK_COUNTY_GROUPS: readonly UkCountyGroup[] = UK_COUNTY_GROUP_KEYS.map((group) => ({
  group,
  labelKey: `ukCountyGroup.${group}`,
  counties: COUNTIES_BY_GROUP[group],
}));

const ALL_COUNTIES: ReadonlySet<string> = new Set(Object.values(COUNTIES_BY_GROUP).flat());

/** Whether a stored name is one of the select's counties (exact match). */
export function isUkCounty(name: unknown): name is string {
  return typeof name === "string" && ALL_COUNTIES.has(name);
}

/** The group a county belongs to, or undefined for any other text. */
export function ukCountyGroupOf(name: string): UkCountyGroupKey | undefined {
  return UK_COUNTY_GROUP_KEYS.find((group) => COUNTIES_BY_GROUP[group].includes(name));
}
