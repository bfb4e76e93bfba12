export interface PersonName {
  firstName: string;
  lastName: string | null;
}

export function fullName({ firstName, lastName }: PersonName): string {
  return [firstName, lastName].filter(Boolean).join(" ");
}

/** The avatar's fallback: first letters of the first and last names ("AL"), upper case. */
export function initials({ firstName, lastName }: PersonName): string {
  return [firstName, lastName]
    .map((part) => part?.trim().charAt(0) ?? "")
    .join("")
    .toLocaleUpperCase();
}
