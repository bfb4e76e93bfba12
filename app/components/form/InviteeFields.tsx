import { TextInput } from "@mantine/core";
import type { ReactNode } from "react";

type InviteeField = "firstName" | "lastName" | "email";

/** The part of a form that names and addresses someone invited into the file. */
type InviteeForm = {
  getInputProps(path: InviteeField): object;
  errors: Partial<Record<string, ReactNode>>;
};

/**
 * The invitee's first name, last name and email, for the caller's grid: the same three inputs
 * invite a nominee and a collaborator.
 */
export function InviteeFields({
  form,
  labels,
  namesLocked = false,
  emailLocked = false,
  emailNote,
}: {
  form: InviteeForm;
  labels: Record<InviteeField, string>;
  namesLocked?: boolean;
  emailLocked?: boolean;
  /** Why the email cannot change, shown under it while it is locked. */
  emailNote?: string;
}) {
  const input = (field: InviteeField) => ({
    label: labels[field],
    withAsterisk: true,
    autoComplete: "off",
    ...form.getInputProps(field),
    "aria-invalid": form.errors[field] ? true : undefined,
  });
  return (
    <>
      <TextInput {...input("firstName")} disabled={namesLocked} />
      <TextInput {...input("lastName")} disabled={namesLocked} />
      <TextInput
        {...input("email")}
        type="email"
        disabled={emailLocked}
        description={emailLocked ? emailNote : undefined}
      />
    </>
  );
}
